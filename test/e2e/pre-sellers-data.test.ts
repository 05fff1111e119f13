import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient, type TableRef } from "#storage/client";
import { ACCESS_KEY_FILE } from "@fulfillment/local/engine/access-key";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { PID_FILE, readEngineRecord } from "@fulfillment/local/engine/pid-file";
import { processInfo, stopProcess } from "@fulfillment/local/engine/processes";
import { exitCode, listeningUrl, spawnNpm, type RunningService } from "@fulfillment/local/engine/service-process";
import { startSandboxHub, type SandboxHub } from "@fulfillment/local/sandbox/index";
import { dumpTable } from "#test/dump";
import { scratchFolders } from "#test/scratch";
import { FIXTURE_READS, PRE_SELLERS_USER_ID } from "../fixtures/pre-sellers-data/reads.js";

/**
 * The migration of issue 41, from a data folder made by main before sellers existed
 * (test/fixtures/pre-sellers-data): today's `npm start` on it answers the old data as the old code
 * did, a second account connects while reads go on, the old data is the first seller's, and
 * starting again changes nothing. No migration command, no downtime step.
 */

const FIXTURE = join(import.meta.dirname, "../fixtures/pre-sellers-data");
type Answer = { status: number; body: any };
const recorded = JSON.parse(readFileSync(join(FIXTURE, "answers.json"), "utf8")) as { made_at: string; answers: Record<(typeof FIXTURE_READS)[number], Answer> };
const OLD = String(PRE_SELLERS_USER_ID);
const NEW = { id: 987654321, nickname: "LOJA_NOVA" };

const scratch = scratchFolders("pre-sellers-data-");
const started: RunningService[] = [];
let dataDir = "";
let hub: SandboxHub;

beforeAll(async () => {
  dataDir = scratch();
  execFileSync("tar", ["-xzf", join(FIXTURE, "data.tar.gz"), "-C", dataDir]);
  hub = await startSandboxHub([
    { seed: { items: [], sellerId: PRE_SELLERS_USER_ID, nickname: "SANDBOX_SELLER" } },
    { seed: { items: [], sellerId: NEW.id, nickname: NEW.nickname } },
  ]);
});

afterEach(async () => {
  for (const service of [...started]) await stop(service);
});

afterAll(async () => {
  // An engine a failed test left behind.
  const engine = dataDir ? readEngineRecord(join(dataDir, PID_FILE)) : undefined;
  if (engine && processInfo(engine.pid)?.commandLine.includes("DynamoDBLocal.jar")) await stopProcess(engine.pid);
  await hub?.stop();
});

/** `npm start` on the copied data folder, as a user starts it; `marketplace`: the hub instead of the built-in sandbox. */
async function npmStart(marketplace?: SandboxHub): Promise<RunningService & { engine: TableRef }> {
  const dynamoPort = String(await freePort());
  const env: Record<string, string> = {
    PORT: String(await freePort()),
    DYNAMODB_PORT: dynamoPort,
    DATA_DIR: dataDir,
    MARKETPLACE_AUTH_URL: "",
    // The service's clock starts at the moment the old answers were read: "today" is that day.
    NODE_OPTIONS: `--import ${pathToFileURL(join(import.meta.dirname, "../support/shifted-clock.mjs")).href}`,
    SHIFTED_CLOCK_START: recorded.made_at,
  };
  if (marketplace) {
    const second = marketplace.sellers[1]!;
    // The second account approves on its own authorization page; every API call goes through the hub.
    Object.assign(env, { MARKETPLACE_API_URL: marketplace.url, MARKETPLACE_AUTH_URL: second.authorizationUrl, MARKETPLACE_CLIENT_ID: second.clientId, MARKETPLACE_CLIENT_SECRET: second.clientSecret });
  }
  const service = spawnNpm(["start"], env);
  const running = { ...service, url: "" };
  started.push(running);
  running.url = await listeningUrl(service);
  const accessKeyId = readFileSync(join(dataDir, ACCESS_KEY_FILE), "utf8").trim();
  return { ...running, engine: { doc: createDocumentClient({ endpoint: `http://127.0.0.1:${dynamoPort}`, accessKeyId }), table: "fulfillment-local" } };
}

async function stop(service: RunningService): Promise<number | null> {
  const exited = exitCode(service.child);
  if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill("SIGTERM");
  const code = await exited;
  started.splice(started.indexOf(service), 1);
  return code;
}

const read = async (url: string, path: string, seller?: string): Promise<Answer> => {
  const answer = await fetch(`${url}${path}`, seller ? { headers: { "x-seller-id": seller } } : {});
  return { status: answer.status, body: await answer.json() };
};

/**
 * What of an answer must be as the old code answered. The account's token times are those of the
 * last start (every start with the built-in sandbox stores its pair), and its list of accounts is new.
 */
function comparable(path: string, answer: Answer): unknown {
  if (path !== "/marketplace/account") return answer;
  const { connected, user_id, nickname, site_id } = answer.body;
  return { status: answer.status, body: { connected, user_id, nickname, site_id } };
}

/** The registry as stored: the first seller's claim and each seller's entry. */
const registry = async (engine: TableRef) => (await dumpTable(engine)).filter((item) => item.kind === "seller" || item.kind === "first_seller");

// Starting the engine and the service takes most of a test, more on a busy machine.
const START_MS = 240_000;

describe("a data folder made before sellers existed", () => {
  it("answers every read without a seller named as the old code did, the old account the only seller", async () => {
    const service = await npmStart();

    for (const path of FIXTURE_READS) expect(comparable(path, await read(service.url, path)), path).toEqual(comparable(path, recorded.answers[path]));
    const account = await read(service.url, "/marketplace/account");
    expect(account.body.accounts).toEqual([{ user_id: OLD, nickname: "SANDBOX_SELLER", connected_at: expect.any(String) }]);
    // Reads wrote nothing: the registry is recorded when an account is connected or removed.
    expect(await registry(service.engine)).toEqual([]);

    expect(await stop(service)).toBe(0);
  }, START_MS);

  it("connects a second account while reads of the old one go on; the old data stays the first seller's, the second sees none of it", async () => {
    const service = await npmStart(hub);
    const perSeller = ["/full/overview", "/full/inventory", "/full/sync/status"] as const;

    // Act: the connection, with reads naming the old account before, during and after it.
    let connecting = true;
    const during: Answer[][] = [];
    const reads = (async () => {
      do during.push(await Promise.all(perSeller.map((path) => read(service.url, path, OLD))));
      while (connecting);
    })();
    const connect = await fetch(`${service.url}/marketplace/connect`, { redirect: "manual" });
    const approved = await fetch(connect.headers.get("location")!, { redirect: "manual" });
    const landed = await fetch(approved.headers.get("location")!, { redirect: "manual" });
    connecting = false;
    await reads;

    // Assess: the connection went through, and every read during it answered the old data.
    expect(landed.status).toBe(200);
    expect(during.length).toBeGreaterThan(0);
    for (const answers of during) perSeller.forEach((path, i) => expect(comparable(path, answers[i]!), path).toEqual(comparable(path, recorded.answers[path])));
    // The old account is the first seller, owner of the keys its data always had.
    expect((await read(service.url, "/marketplace/account", OLD)).body.accounts).toEqual([
      { user_id: OLD, nickname: "SANDBOX_SELLER", connected_at: expect.any(String) },
      { user_id: String(NEW.id), nickname: NEW.nickname, connected_at: expect.any(String) },
    ]);
    expect(await registry(service.engine)).toEqual([
      expect.objectContaining({ kind: "first_seller", user_id: OLD }),
      expect.objectContaining({ kind: "seller", user_id: OLD, scope: "" }),
      expect.objectContaining({ kind: "seller", user_id: String(NEW.id), scope: `ml-${NEW.id}` }),
    ]);
    // Every read of the old data, naming the old seller, answers as before.
    for (const path of FIXTURE_READS) expect(comparable(path, await read(service.url, path, OLD)), path).toEqual(comparable(path, recorded.answers[path]));
    // The second seller has none of it: no ads, no inventory, no runs; the shared data is the same.
    const second = String(NEW.id);
    expect((await read(service.url, "/full/overview", second)).body).toMatchObject({ has_data: false });
    expect((await read(service.url, "/full/inventory", second)).body).toMatchObject({ has_data: false, count: 0, items: [] });
    expect((await read(service.url, "/full/sync/runs", second)).body).toMatchObject({ success: true, runs: [] });
    expect((await read(service.url, "/full/aged-stock", second)).body).toMatchObject({ success: true, skus: [] });
    expect((await read(service.url, "/alerts", second)).body).toMatchObject({ success: true, count: 0, alerts: [] });
    expect((await read(service.url, "/full/imports", second)).body).toMatchObject({ success: true, imports: [] });
    for (const path of ["/full/tariffs", "/settings", "/full/local-stock"] as const) expect(comparable(path, await read(service.url, path, second)), path).toEqual(comparable(path, recorded.answers[path]));
    // With two sellers, a per-seller read naming neither is refused, listing both.
    const unnamed = await read(service.url, "/full/inventory");
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.sellers).toEqual([
      { id: OLD, nickname: "SANDBOX_SELLER" },
      { id: String(NEW.id), nickname: NEW.nickname },
    ]);

    expect(await stop(service)).toBe(0);
  }, START_MS);

  it("changes nothing when started again on the same folder", async () => {
    const first = await npmStart(hub);
    const before = { registry: await registry(first.engine), answers: await readAll(first.url) };
    expect(await stop(first)).toBe(0);

    const again = await npmStart();
    const after = { registry: await registry(again.engine), answers: await readAll(again.url) };

    expect(after.registry).toEqual(before.registry);
    expect(after.answers).toEqual(before.answers);
    expect(await stop(again)).toBe(0);
  }, 2 * START_MS);
});

/** Each fixture read as each seller answers it, comparable across starts. */
async function readAll(url: string): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  for (const seller of [OLD, String(NEW.id)]) for (const path of FIXTURE_READS) answers[`${seller} ${path}`] = comparable(path, await read(url, path, seller));
  return answers;
}
