import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureTable } from "#storage/create-table";
import { ACCESS_KEY_FILE, memoryAccessKeyPath } from "@fulfillment/local/engine/access-key";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { PID_FILE, pidFilePath, readEngineRecord, type EngineRecord } from "@fulfillment/local/engine/pid-file";
import { portAnswers } from "@fulfillment/local/engine/ports";
import { processInfo, stopProcess } from "@fulfillment/local/engine/processes";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { exitCode, listeningUrl, spawnNpm, type RunningService } from "@fulfillment/local/engine/service-process";
import { scratchFolders } from "#test/scratch";

/**
 * CONTRACTS §1–§3 as a user follows them: `npm start` in one terminal, `npm run load -- FILE.json`
 * in another, each a process of its own started through npm, with the variables of §2 and no
 * others. Only the ports are always given: other services may hold the default ones on this machine.
 */

const started: RunningService[] = [];
const engines: EngineRecord[] = [];

/** `npm start` with these variables; resolves once it has printed its URL. */
async function npmStart(env: Record<string, string>): Promise<RunningService> {
  const service = spawnNpm(["start"], env);
  started.push({ ...service, url: "" });
  return { ...service, url: await listeningUrl(service) };
}

/** Ctrl-C in its terminal (or SIGTERM): resolves with the exit code. */
async function stop(service: RunningService, signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
  const exited = exitCode(service.child);
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill(signal);
  return exited;
}

/** `npm run load -- FILE` with these variables, in a terminal of its own. */
async function npmLoad(file: string, env: Record<string, string>, flags: string[] = []): Promise<{ code: number | null; output: string }> {
  const load = spawnNpm(["run", "load", "--", ...flags, file], env);
  const code = await exitCode(load.child);
  return { code, output: load.output() };
}

/** The engine a start recorded (its pid file), kept so that a failed test leaves no engine behind. */
function recordedEngine(dataDir: string, port: string): EngineRecord {
  const record = readEngineRecord(dataDir === "memory" ? pidFilePath("memory", Number(port)) : join(dataDir, PID_FILE));
  expect(record).toBeDefined();
  engines.push(record!);
  return record!;
}

const scratch = scratchFolders("local-runtime-");

/** A dataset file (CONTRACTS §3) of one ad with its inventory and one tariff, all named by `tag`. */
function datasetFile(tag: string, change: (dataset: Record<string, any[]>) => void = () => undefined): string {
  const dataset: Record<string, any[]> = {
    ads: [
      {
        id: `MLB-${tag}`,
        title: `Ad ${tag}`,
        thumbnail: "",
        permalink: `https://example.com/${tag}`,
        cost: 10,
        sku: `SKU-${tag}`,
        is_full: true,
        sales_30d: 30,
      },
    ],
    inventory: [
      {
        inventory_id: `INV-${tag}`,
        ad_id: `MLB-${tag}`,
        sku: `SKU-${tag}`,
        variation_id: null,
        available_qty: 7,
        in_transit_qty: 0,
        not_available_qty: 0,
        total_qty: 7,
        days_of_stock: 7,
        oldest_stock_days: null,
        updated_at: "2026-11-20T03:00:00.000Z",
      },
    ],
    tariffs: [{ name: `Tariff ${tag}`, min_volume_l: 900, daily_fee: 1 }],
  };
  change(dataset);
  const file = join(scratch(), `${tag}.json`);
  writeFileSync(file, JSON.stringify(dataset));
  return file;
}

/** What the API answers about the ad and the tariff a dataset file of `tag` holds. */
async function loaded(url: string, tag: string): Promise<{ ad: boolean; tariff: boolean }> {
  const detail = await fetch(`${url}/full/inventory/MLB-${tag}`);
  const tariffs = (await (await fetch(`${url}/full/tariffs`)).json()) as { tariffs: { name: string }[] };
  if (detail.ok) {
    expect(await detail.json()).toMatchObject({ ad_id: `MLB-${tag}`, title: `Ad ${tag}`, inventories: [{ inventory_id: `INV-${tag}`, available_qty: 7 }] });
  }
  else await detail.body?.cancel();
  return { ad: detail.ok, tariff: tariffs.tariffs.some((tariff) => tariff.name === `Tariff ${tag}`) };
}

const hasData = async (url: string): Promise<boolean> =>
  ((await (await fetch(`${url}/full/overview`)).json()) as { has_data: boolean }).has_data;

async function tablesSeenWith(endpoint: string, accessKeyId: string): Promise<string[]> {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId, secretAccessKey: accessKeyId } });
  try {
    return (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  } finally {
    client.destroy();
  }
}

/** Everything started here ends with the file, also when a test failed half-way. */
afterAll(async () => {
  for (const service of started) await stop(service);
  for (const engine of engines) if (processInfo(engine.pid)?.commandLine.includes("DynamoDBLocal.jar")) await stopProcess(engine.pid);
  await marketplace?.stop();
});

// Starting an engine and loading the demo data takes a while on a busy machine.
const START_MS = 180_000;

/**
 * The two starts the file shares, started side by side: one in memory with the defaults (the
 * built-in sandbox marketplace too), one on a data folder with every other variable given, its
 * marketplace one this test runs under an app id and secret of its own.
 */
const memory = { ports: { PORT: "", DYNAMODB_PORT: "" }, start: undefined as unknown as Promise<RunningService> };
const folder = { ports: { PORT: "", DYNAMODB_PORT: "" }, dataDir: scratch(), table: "contract-orders", start: undefined as unknown as Promise<RunningService> };
let marketplace: SandboxMarketplace;

beforeAll(async () => {
  for (const ports of [memory.ports, folder.ports]) {
    ports.PORT = String(await freePort());
    ports.DYNAMODB_PORT = String(await freePort());
  }
  // The ads the folder's loads bring, as the marketplace shows them: 3 units on their way to Full.
  const onItsWay = (tag: string) => ({
    id: `MLB-${tag}`,
    title: `Ad ${tag}`,
    sku: `SKU-${tag}`,
    inventory_id: `INV-${tag}`,
    stock: { available: 7, not_available_detail: [{ status: "transfer", quantity: 3 }] },
  });
  marketplace = await startSandboxMarketplace({
    host: "127.0.0.1",
    seed: { items: [onItsWay("TBL"), onItsWay("EP")] },
    clientId: "contract-app",
    clientSecret: "contract-secret",
  });
  const marketplaceEnv = { MARKETPLACE_API_URL: marketplace.url, MARKETPLACE_CLIENT_ID: "contract-app", MARKETPLACE_CLIENT_SECRET: "contract-secret" };
  memory.start = npmStart({ ...memory.ports, DATA_DIR: "memory" });
  folder.start = npmStart({ ...folder.ports, DATA_DIR: folder.dataDir, TABLE_NAME: folder.table, DEMO: "0", ...marketplaceEnv });
  await Promise.all([memory.start, folder.start]);
}, START_MS);

describe("DATA_DIR=memory npm start, and npm run load from another terminal", () => {
  const { ports } = memory;
  let service: RunningService;
  let engine: EngineRecord;

  beforeAll(async () => {
    service = await memory.start;
    engine = recordedEngine("memory", ports.DYNAMODB_PORT);
  });

  it("prints the API URL on PORT, runs its engine on DYNAMODB_PORT, and loads the demo data (DEMO=1 by default)", async () => {
    expect(service.url).toBe(`http://127.0.0.1:${ports.PORT}`);
    expect(service.output()).toContain(`Fulfillment API listening on http://127.0.0.1:${ports.PORT}`);
    expect(engine.port).toBe(Number(ports.DYNAMODB_PORT));
    expect(await portAnswers(Number(ports.DYNAMODB_PORT))).toBe(true);
    expect(await hasData(service.url)).toBe(true);
  });

  it("a load with no variables but the port reaches it, and nobody without its key does", async () => {
    // Prepare
    const file = datasetFile("MEM");
    const keyFile = memoryAccessKeyPath(Number(ports.DYNAMODB_PORT));

    // Act: no DATA_DIR, no TABLE_NAME, no DYNAMODB_ENDPOINT.
    const load = await npmLoad(file, { DYNAMODB_PORT: ports.DYNAMODB_PORT });

    // Assess
    expect(load.code, load.output).toBe(0);
    expect(load.output).toContain(`into table fulfillment-local on the local engine http://127.0.0.1:${ports.DYNAMODB_PORT}`);
    expect(await loaded(service.url, "MEM")).toEqual({ ad: true, tariff: true });
    // The key: owner-only, in the runtime folder under the port; the customary key sees no table.
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const endpoint = `http://127.0.0.1:${ports.DYNAMODB_PORT}`;
    expect(await tablesSeenWith(endpoint, readFileSync(keyFile, "utf8").trim())).toEqual(["fulfillment-local"]);
    expect(await tablesSeenWith(endpoint, "local")).toEqual([]);
  });

  it("an invalid record makes the load exit non-zero naming array, index and field, and nothing of the file is written", async () => {
    // Prepare: a valid ad and tariff, and a second ad whose is_full is not a boolean.
    const file = datasetFile("BAD", (dataset) => dataset.ads!.push({ ...dataset.ads![0], id: "MLB-BAD2", is_full: "yes" }));

    // Act
    const load = await npmLoad(file, { DYNAMODB_PORT: ports.DYNAMODB_PORT });

    // Assess
    expect(load.code).not.toBe(0);
    expect(load.code).not.toBeNull();
    expect(load.output).toMatch(/ads\[1\]\.is_full/);
    expect(await loaded(service.url, "BAD")).toEqual({ ad: false, tariff: false });
  });

  it("SIGTERM stops everything it started: the engine, its key and its record are gone", async () => {
    const keyFile = memoryAccessKeyPath(Number(ports.DYNAMODB_PORT));

    expect(await stop(service, "SIGTERM")).toBe(0);

    expect(processInfo(engine.pid)).toBeUndefined();
    expect(await portAnswers(Number(ports.DYNAMODB_PORT))).toBe(false);
    expect(() => statSync(keyFile)).toThrow();
    expect(readEngineRecord(pidFilePath("memory", Number(ports.DYNAMODB_PORT)))).toBeUndefined();
    // With the engine gone, a load says so (what it says depends on whether ./.data holds a key) and writes nowhere.
    const load = await npmLoad(datasetFile("AFTER"), { DYNAMODB_PORT: ports.DYNAMODB_PORT });
    expect(load.code).not.toBe(0);
    expect(load.output).toMatch(
      new RegExp(`No local engine to load into: no in-memory engine runs on DYNAMODB_PORT ${ports.DYNAMODB_PORT}|No DynamoDB engine answers at http://127\\.0\\.0\\.1:${ports.DYNAMODB_PORT}`),
    );
  });
});

describe("npm start with a data folder, TABLE_NAME and DEMO=0; DYNAMODB_ENDPOINT; npm run load --stage", () => {
  const { ports, dataDir, table } = folder;
  let service: RunningService;
  let engine: EngineRecord;

  beforeAll(async () => {
    service = await folder.start;
    engine = recordedEngine(dataDir, ports.DYNAMODB_PORT);
  });

  it("DEMO=0 starts empty; the table is TABLE_NAME, kept in DATA_DIR with the folder's key", async () => {
    expect(service.output()).toContain(`Fulfillment API listening on http://127.0.0.1:${ports.PORT}`);
    expect(await hasData(service.url)).toBe(false);
    expect(await (await fetch(`${service.url}/full/tariffs`)).json()).toEqual({ tariffs: [] });
    const key = readFileSync(join(dataDir, ACCESS_KEY_FILE), "utf8").trim();
    expect(statSync(join(dataDir, ACCESS_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(await tablesSeenWith(`http://127.0.0.1:${ports.DYNAMODB_PORT}`, key)).toEqual([table]);
  });

  it("TABLE_NAME without DYNAMODB_ENDPOINT: the load goes to that table on the local engine, never to AWS", async () => {
    // Prepare: AWS credentials and an AWS endpoint that counts what reaches it, as a shell may have.
    let awsCalls = 0;
    const aws = createServer((request, response) => {
      awsCalls += 1;
      response.writeHead(400).end();
    });
    await new Promise<void>((resolve) => aws.listen(0, "127.0.0.1", resolve));
    const awsEnv = {
      AWS_ACCESS_KEY_ID: "AKIASHELLDEFAULT",
      AWS_SECRET_ACCESS_KEY: "shell-secret",
      AWS_ENDPOINT_URL: `http://127.0.0.1:${(aws.address() as { port: number }).port}`,
    };

    // Act
    const withCredential = datasetFile("TBL", (dataset) => {
      const { access_token, refresh_token } = marketplace.tokens;
      dataset.credentials = [{ provider: "mercadolivre", access_token, refresh_token, user_id: marketplace.sellerId }];
    });
    const load = await npmLoad(withCredential, { DATA_DIR: dataDir, DYNAMODB_PORT: ports.DYNAMODB_PORT, TABLE_NAME: table, ...awsEnv });
    await new Promise((resolve) => aws.close(resolve));

    // Assess
    expect(load.code, load.output).toBe(0);
    expect(load.output).toContain(`into table ${table} on the local engine http://127.0.0.1:${ports.DYNAMODB_PORT}`);
    expect(awsCalls).toBe(0);
    expect(await loaded(service.url, "TBL")).toEqual({ ad: true, tariff: true });
  });

  it("DYNAMODB_ENDPOINT: npm start uses that engine and starts none; a load with it reaches the same data", async () => {
    // Prepare: a second service on the first one's engine; its own DYNAMODB_PORT must stay unused.
    const unusedPort = String(await freePort());
    const endpointEnv = { DYNAMODB_ENDPOINT: `http://127.0.0.1:${ports.DYNAMODB_PORT}`, DATA_DIR: dataDir, TABLE_NAME: table };

    // Act
    const second = await npmStart({ ...endpointEnv, PORT: String(await freePort()), DYNAMODB_PORT: unusedPort });
    const load = await npmLoad(datasetFile("EP"), endpointEnv);

    // Assess
    expect(await portAnswers(Number(unusedPort))).toBe(false);
    expect(second.output()).not.toContain("DynamoDB Local on");
    expect(load.code, load.output).toBe(0);
    expect(await loaded(second.url, "TBL")).toEqual({ ad: true, tariff: true });
    expect(await loaded(second.url, "EP")).toEqual({ ad: true, tariff: true });
    expect(await loaded(service.url, "EP")).toEqual({ ad: true, tariff: true });
    // It stops only what it started: the first service's engine runs on.
    expect(await stop(second)).toBe(0);
    expect(processInfo(engine.pid)).toBeDefined();
    expect(await loaded(service.url, "EP")).toEqual({ ad: true, tariff: true });
  }, START_MS);

  it("--stage alone writes to AWS, and prints the account, region and table before it writes anything", async () => {
    // Prepare: "AWS" is STS on a local server, and DynamoDB the engine (it checks no signature);
    // the stage's table exists, as the stack creates it.
    const key = readFileSync(join(dataDir, ACCESS_KEY_FILE), "utf8").trim();
    const endpoint = `http://127.0.0.1:${ports.DYNAMODB_PORT}`;
    const doc = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint, region: "sa-east-1", credentials: { accessKeyId: key, secretAccessKey: "x" } }));
    await ensureTable(doc, "ci-fulfillment-Table");
    let identityAnswer = { status: 200, account: "123456789012" };
    const sts: Server = createServer((request, response) => {
      request.resume().on("end", () => {
        const { status, account } = identityAnswer;
        response.writeHead(status, { "content-type": "text/xml" }).end(
          status === 200
            ? `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::${account}:user/ci</Arn><UserId>AIDACI</UserId><Account>${account}</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></GetCallerIdentityResponse>`
            : `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>InvalidClientTokenId</Code><Message>The security token included in the request is invalid.</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        );
      });
    });
    await new Promise<void>((resolve) => sts.listen(0, "127.0.0.1", resolve));
    const awsEnv = {
      AWS_REGION: "sa-east-1",
      AWS_ACCESS_KEY_ID: key,
      AWS_SECRET_ACCESS_KEY: "x",
      AWS_ENDPOINT_URL_STS: `http://127.0.0.1:${(sts.address() as { port: number }).port}`,
      AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    };
    const stageItems = async (): Promise<unknown[]> => (await doc.send(new ScanCommand({ TableName: "ci-fulfillment-Table" }))).Items ?? [];

    try {
      // Act: credentials the account refuses, then good ones.
      identityAnswer = { status: 403, account: "" };
      const refused = await npmLoad(datasetFile("STAGE"), awsEnv, ["--stage", "ci"]);
      const refusedItems = await stageItems();
      identityAnswer = { status: 200, account: "123456789012" };
      const load = await npmLoad(datasetFile("STAGE"), awsEnv, ["--stage", "ci"]);

      // Assess
      expect(refused.code).not.toBe(0);
      expect(refused.output).not.toContain("Writing to AWS");
      expect(refusedItems).toEqual([]);
      expect(load.code, load.output).toBe(0);
      const lines = load.output.split("\n");
      const announced = lines.indexOf("Writing to AWS: account 123456789012, region sa-east-1, table ci-fulfillment-Table");
      expect(announced).toBeGreaterThan(-1);
      expect(lines.findIndex((line) => line.startsWith("Loaded "))).toBeGreaterThan(announced);
      expect((await stageItems()).length).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => sts.close(resolve));
      doc.destroy();
    }
  });

  it("MARKETPLACE_API_URL, _CLIENT_ID and _CLIENT_SECRET: the sync reads that marketplace, refreshing an expired token as that app", async () => {
    // Prepare: the stored access token has expired.
    marketplace.expireAccessTokens();
    const before = marketplace.currentTokens();

    // Act
    const sync = await fetch(`${service.url}/full/sync`, { method: "POST" });

    // Assess
    expect(sync.status).toBe(200);
    expect(await sync.json()).toMatchObject({ success: true, stock: { ads_full: 2, inventories: 2, failed: [] } });
    expect(marketplace.requests.some((request) => request.method === "POST" && request.path.startsWith("/oauth/token"))).toBe(true);
    expect(marketplace.currentTokens().access_token).not.toBe(before.access_token);
    for (const tag of ["TBL", "EP"]) {
      const detail = (await (await fetch(`${service.url}/full/inventory/MLB-${tag}`)).json()) as { inventories: unknown[] };
      expect(detail.inventories).toEqual([expect.objectContaining({ inventory_id: `INV-${tag}`, available_qty: 7, in_transit_qty: 3 })]);
    }
  });

  it("SIGINT stops it and its engine; the data folder keeps the data, so DEMO=1 on the next start loads no demo", async () => {
    // Act
    expect(await stop(service, "SIGINT")).toBe(0);
    const gone = processInfo(engine.pid) === undefined && !(await portAnswers(Number(ports.DYNAMODB_PORT)));
    const again = await npmStart({ ...ports, DATA_DIR: dataDir, TABLE_NAME: table, DEMO: "1" });
    recordedEngine(dataDir, ports.DYNAMODB_PORT);

    // Assess
    expect(gone).toBe(true);
    expect(again.output()).not.toContain("Loaded the demo dataset");
    expect(await loaded(again.url, "TBL")).toEqual({ ad: true, tariff: true });
    const tariffs = (await (await fetch(`${again.url}/full/tariffs`)).json()) as { tariffs: { name: string }[] };
    expect(tariffs.tariffs.map((tariff) => tariff.name).sort()).toEqual(["Tariff EP", "Tariff TBL"]);
    expect(await stop(again)).toBe(0);
  }, START_MS);
});
