import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { ACCESS_KEY_FILE } from "@fulfillment/local/engine/access-key";
import { PID_FILE, readEngineRecord } from "@fulfillment/local/engine/pid-file";
import { portAnswers } from "@fulfillment/local/engine/ports";
import { processInfo, stopProcess } from "@fulfillment/local/engine/processes";
import { exitCode, listeningUrl, spawnService as spawnTrackedService, stopService, type RunningService, type SpawnedService } from "@fulfillment/local/engine/service-process";

/** Spawned services are tracked so that each test's leftovers are stopped after it. */
function spawnService(env: Record<string, string>): SpawnedService {
  const service = spawnTrackedService(env);
  running.push(service.child);
  return service;
}

/** Starts the service and resolves once it prints its URL. */
async function startService(env: Record<string, string>): Promise<RunningService> {
  const service = spawnService(env);
  return { ...service, url: await listeningUrl(service) };
}

/** Resolves once the service has printed a line matching `pattern` (what it prints reaches this process a little later). */
async function printed(service: { child: ChildProcess; output: () => string }, pattern: RegExp): Promise<string[]> {
  const lines = (): string[] => service.output().split("\n");
  await new Promise<void>((resolve, reject) => {
    const check = (): void => {
      if (!lines().some((line) => pattern.test(line))) return;
      service.child.stdout!.off("data", check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern}:\n${service.output()}`)), 10_000);
    service.child.stdout!.on("data", check);
    check();
  });
  return lines();
}

/** Runs a start that is expected to give up; resolves with its exit code and what it printed. */
async function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const service = spawnService(env);
  const code = await exitCode(service.child);
  return { code, output: service.output() };
}

/** This machine's address as another host on its network reaches it (loopback when it has none). */
const outsideAddress = (): string =>
  Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === "IPv4" && !address.internal)?.address ?? "127.0.0.1";

const tablesSeenWith = async (endpoint: string, accessKeyId: string): Promise<string[]> => {
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials: { accessKeyId, secretAccessKey: accessKeyId } });
  try {
    return (await client.send(new ListTablesCommand({}))).TableNames ?? [];
  } finally {
    client.destroy();
  }
};

/** Starting the engine and the service takes most of it, more on a busy machine. */
const E2E_TIMEOUT_MS = 120_000;

const running: ChildProcess[] = [];
const dataDirs: string[] = [];
const holders: (Server | ReturnType<typeof createNetServer>)[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) await stopService(child);
  for (const holder of holders.splice(0)) await new Promise((resolve) => holder.close(resolve));
  // An engine a failed test left behind (its npm start was killed on purpose).
  for (const dir of dataDirs.splice(0)) {
    const record = readEngineRecord(join(dir, PID_FILE));
    if (record && processInfo(record.pid)?.commandLine.includes("DynamoDBLocal.jar")) await stopProcess(record.pid);
  }
});

describe("npm start", () => {
  it("serves the demo data, syncs from the sandbox marketplace, prints a readable line per request, and stops its engine on SIGTERM", async () => {
    const dynamoPort = await freePort();
    const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DEMO: "1", POWERTOOLS_LOG_LEVEL: "INFO" });
    // Without AUTH_MODE=jwt it is open, and its start line says so.
    expect(service.output()).toContain(`Fulfillment API listening on ${service.url}, open: no sign-in, loopback only`);

    const overview = (await (await fetch(`${service.url}/full/overview`)).json()) as Record<string, unknown>;
    expect(overview.has_data).toBe(true);
    const settings = await fetch(`${service.url}/settings/core_ai`);
    expect(settings.status).toBe(200);
    expect(((await settings.json()) as { success: boolean }).success).toBe(true);

    const sync = await fetch(`${service.url}/full/sync`, { method: "POST" });
    const result = (await sync.json()) as { run_id: string; stock: { ads_full: number; inventories: number } };
    expect(sync.status).toBe(200);
    expect(result).toMatchObject({ success: true, stock: { failed: [] } });
    expect(result.stock.ads_full).toBeGreaterThan(0);
    expect(result.stock.inventories).toBeGreaterThan(0);

    // One sync of the demo data shows aged stock and its storage risk cost, rebuilt by this run.
    type Item = { oldest_stock_days: number | null; is_aged: boolean; storage_risk_unit: number | null; available_qty: number; updated_at: string };
    const list = (await (await fetch(`${service.url}/full/inventory?sort_by=aged`)).json()) as { items: Item[] };
    const status = (await (await fetch(`${service.url}/full/sync/status`)).json()) as Record<string, any>;
    const rewritten = list.items.filter((item) => Date.parse(item.updated_at) >= Date.parse(status.last.started_at));
    expect(rewritten.filter((item) => item.oldest_stock_days! > 90 && item.is_aged).length).toBeGreaterThanOrEqual(4);
    expect(rewritten.filter((item) => item.oldest_stock_days! > 180).length).toBeGreaterThanOrEqual(2);
    expect(rewritten.some((item) => item.available_qty > 0 && item.oldest_stock_days === null)).toBe(true);
    expect(rewritten.filter((item) => (item.storage_risk_unit ?? 0) > 0).length).toBeGreaterThanOrEqual(2);
    // The status tells when and how the last run went.
    expect(status).toMatchObject({
      success: true,
      running: null,
      last: { id: result.run_id, trigger: "api", state: "succeeded", error: null, finished_at: expect.any(String) },
      last_success: { id: result.run_id },
      next_scheduled_at: expect.stringMatching(/T06:00:00\.000Z$/),
    });
    // The run's start and end lines on the console.
    expect(service.output()).toContain(`Sync run started (trigger api, run ${result.run_id})`);
    expect(service.output()).toMatch(new RegExp(`Sync run succeeded in \\d+\\.\\d s: ${result.stock.ads_full} ads, ${result.stock.inventories} inventories`));

    const unknown = await fetch(`${service.url}/full/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });

    // One access line per request: time, method, path, status, milliseconds; no JSON on the console.
    const lines = await printed(service, /^\d\d:\d\d:\d\d GET \/full\/nothing-here 404 \d+ ms$/);
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d GET \/full\/overview 200 \d+ ms$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\d\d:\d\d:\d\d POST \/full\/sync 200 \d+ ms$/));
    expect(lines.filter((line) => line.startsWith("{"))).toEqual([]);

    expect(await portAnswers(dynamoPort)).toBe(true);
    expect(await stopService(service.child)).toBe(0);
    expect(await portAnswers(dynamoPort)).toBe(false);
  }, E2E_TIMEOUT_MS);

  it("answers a sync against an unreachable marketplace with 500 and a sentence, and the status shows it", async () => {
    const closed = await freePort();
    const service = await startService({
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      DEMO: "1",
      MARKETPLACE_API_URL: `http://127.0.0.1:${closed}`,
      MARKETPLACE_CLIENT_ID: "client",
      MARKETPLACE_CLIENT_SECRET: "secret",
    });

    const sync = await fetch(`${service.url}/full/sync`, { method: "POST" });
    const status = (await (await fetch(`${service.url}/full/sync/status`)).json()) as Record<string, any>;

    const sentence = `marketplace unreachable at 127.0.0.1:${closed}: connection refused (ECONNREFUSED)`;
    expect(sync.status).toBe(500);
    expect(await sync.json()).toEqual({ success: false, error: `Falha na sincronização: marketplace inacessível em 127.0.0.1:${closed}: conexão recusada (ECONNREFUSED)` });
    expect(status).toMatchObject({ running: null, last: { state: "failed", error: sentence }, last_success: null });
  }, E2E_TIMEOUT_MS);

  it("refuses a busy PORT in one line, before any engine or data is touched", async () => {
    // Prepare: another process holds the API's port.
    const holder = createNetServer();
    holders.push(holder);
    const port = await freePort();
    await new Promise<void>((resolve) => holder.listen(port, "127.0.0.1", resolve));
    const dynamoPort = await freePort();

    // Act
    const { code, output } = await failedStart({ PORT: String(port), DYNAMODB_PORT: String(dynamoPort), DEMO: "1" });

    // Assess
    expect(code).toBe(1);
    expect(output.trim().split("\n")).toEqual([`Start failed: PORT ${port} on 127.0.0.1 is in use by another process: stop it or set PORT to a free port`]);
    expect(await portAnswers(dynamoPort)).toBe(false);
  }, 60_000);

  it("refuses a DYNAMODB_BULK_WRITES it does not know, in one line, before any engine starts", async () => {
    const dynamoPort = await freePort();

    const { code, output } = await failedStart({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DYNAMODB_BULK_WRITES: "quick" });

    expect(code).toBe(2);
    expect(output.trim().split("\n")).toEqual(['Start failed: DYNAMODB_BULK_WRITES is "quick": it must be "batches" or "transactions"']);
    expect(await portAnswers(dynamoPort)).toBe(false);
  }, 60_000);

  it("refuses a DYNAMODB_JVM_OPTIONS word that is not a Java VM option, in one line, before any engine starts", async () => {
    const dynamoPort = await freePort();

    const { code, output } = await failedStart({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DYNAMODB_JVM_OPTIONS: "Xmx2g" });

    expect(code).toBe(2);
    expect(output.trim().split("\n")).toEqual(['Start failed: DYNAMODB_JVM_OPTIONS holds "Xmx2g": each word must be a Java VM option starting with "-" (and not -jar)']);
    expect(await portAnswers(dynamoPort)).toBe(false);
  }, 60_000);

  it("refuses another engine already answering on DYNAMODB_PORT, without reading or writing it", async () => {
    // Prepare: something that answers HTTP as DynamoDB Local does; it counts the DynamoDB calls it gets.
    let dynamoCalls = 0;
    const foreign = createHttpServer((request, response) => {
      if (request.headers["x-amz-target"]) dynamoCalls += 1;
      response.writeHead(400, { "content-type": "application/x-amz-json-1.0" }).end("{}");
    });
    holders.push(foreign);
    const dynamoPort = await freePort();
    await new Promise<void>((resolve) => foreign.listen(dynamoPort, resolve));

    // Act
    const { code, output } = await failedStart({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DEMO: "1" });

    // Assess
    expect(code).toBe(1);
    expect(output).toContain(`DYNAMODB_PORT ${dynamoPort} is in use by another process`);
    expect(dynamoCalls).toBe(0);
  }, 60_000);

  it("keeps its engine closed to other keys, tells its own leftover engine from one in use, and exits when its engine dies", async () => {
    // Prepare: a data folder on disk, an empty start.
    const dataDir = mkdtempSync(join(tmpdir(), "npm-start-"));
    dataDirs.push(dataDir);
    const ports = { PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()) };
    const first = await startService({ ...ports, DATA_DIR: dataDir, DEMO: "0" });
    const engineEndpoint = `http://${outsideAddress()}:${ports.DYNAMODB_PORT}`;

    // Assess: DEMO=0 starts empty.
    expect(await (await fetch(`${first.url}/full/overview`)).json()).toMatchObject({ has_data: false, summary: {}, alerts: {} });
    expect(await (await fetch(`${first.url}/full/tariffs`)).json()).toEqual({ tariffs: [] });

    // Assess: the key is kept in the data folder, for its owner only; another key sees none of the tables.
    const keyFile = join(dataDir, ACCESS_KEY_FILE);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = readFileSync(keyFile, "utf8").trim();
    expect(await tablesSeenWith(engineEndpoint, key)).toContain("fulfillment-local");
    expect(await tablesSeenWith(engineEndpoint, "local")).not.toContain("fulfillment-local");

    // Assess: a web page on another site gets no CORS permission from the engine.
    const preflight = await fetch(`${engineEndpoint}/`, {
      method: "OPTIONS",
      headers: { Origin: "https://elsewhere.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type,x-amz-target" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    const crossSite = await fetch(`${engineEndpoint}/`, { method: "POST", headers: { Origin: "https://elsewhere.example" }, body: "{}" });
    expect(crossSite.headers.get("access-control-allow-origin")).toBeNull();

    // Act: a tariff through the API, one through `npm run load`, which finds the engine's key in DATA_DIR.
    const created = await fetch(`${first.url}/full/tariffs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Through the API", min_volume_l: 500, max_volume_l: 600, daily_fee: 1 }),
    });
    expect(created.status).toBe(201);
    const file = join(dataDir, "tariff.json");
    writeFileSync(file, JSON.stringify({ tariffs: [{ name: "Through the loader", min_volume_l: 600, daily_fee: 2 }] }));
    const load = spawn(process.execPath, ["--import", "tsx", "packages/local/src/cli/load.ts", file], {
      env: { ...process.env, DYNAMODB_ENDPOINT: "", DYNAMODB_ACCESS_KEY: "", TABLE_NAME: "", DATA_DIR: dataDir, DYNAMODB_PORT: ports.DYNAMODB_PORT },
      stdio: "ignore",
    });
    expect(await exitCode(load)).toBe(0);
    const names = async (url: string): Promise<string[]> =>
      ((await (await fetch(`${url}/full/tariffs`)).json()) as { tariffs: { name: string }[] }).tariffs.map((t) => t.name).sort();
    expect(await names(first.url)).toEqual(["Through the API", "Through the loader"]);

    // Act / Assess: a second start on the same data folder is refused while the first runs.
    const second = await failedStart({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain(`in use by another npm start (pid ${first.child.pid})`);

    // Act: the first start dies without stopping its engine.
    first.child.kill("SIGKILL");
    await exitCode(first.child);
    const leftover = readEngineRecord(join(dataDir, PID_FILE))!;
    expect(await portAnswers(Number(ports.DYNAMODB_PORT))).toBe(true);

    // Assess: the next start stops that leftover engine, starts its own, and has kept the data.
    const third = await startService({ ...ports, DATA_DIR: dataDir, DEMO: "0" });
    expect(third.output()).toContain(`Stopped DynamoDB Local (pid ${leftover.pid}), left running by an earlier npm start`);
    expect(processInfo(leftover.pid)).toBeUndefined();
    expect(await names(third.url)).toEqual(["Through the API", "Through the loader"]);

    // Act: its engine dies under it.
    const engine = readEngineRecord(join(dataDir, PID_FILE))!;
    expect(engine.pid).not.toBe(leftover.pid);
    process.kill(engine.pid, "SIGKILL");

    // Assess: npm start says so and exits non-zero, instead of serving 500s.
    expect(await exitCode(third.child)).toBe(1);
    expect(third.output()).toContain(`DynamoDB Local (pid ${engine.pid}) stopped unexpectedly (killed by SIGKILL)`);
    expect(readEngineRecord(join(dataDir, PID_FILE))).toBeUndefined();
  }, 300_000);
});
