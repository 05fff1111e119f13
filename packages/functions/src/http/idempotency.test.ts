import { gunzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { apiEvent, invoke, lambdaContext } from "#test/events";
import { dumpTable } from "#test/dump";
import { fullAd } from "#test/fixtures";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { listTariffs } from "#storage/tariffs";
import { handler as createTariff } from "../handlers/tariffs/create.js";
import { handler as postSync } from "../handlers/full/sync.js";
import { IDEMPOTENCY_WINDOW_SECONDS } from "./idempotency.js";

/**
 * Safe retries (issue 19): the same Idempotency-Key with the same body answers the first answer
 * again and changes nothing; another body answers 422; a twin still running answers 409. Real
 * Powertools records in the test table, nothing mocked.
 */

const db = useTestTable("idempotency", "test");
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;

const create = (key: string | undefined, body: unknown) =>
  invoke(createTariff, {
    method: "POST",
    path: "/full/tariffs",
    headers: key === undefined ? {} : { "Idempotency-Key": key },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const sync = (key: string, headers: Record<string, string> = {}) =>
  invoke(postSync, { method: "POST", path: "/full/sync", headers: { "Idempotency-Key": key, ...headers } });

/** Items of the sandbox marketplace; ads the sandbox does not know fail one by one, which lengthens the answer. */
async function prepareSync(knownAds: number, unknownAds = 0, credential = true): Promise<void> {
  const ids = Array.from({ length: knownAds }, (_, i) => `MLB${i + 1}`);
  // Unknown ads are stored and named by the seller's Full listing, though no item answers them: each is a failed ad.
  const unknown = Array.from({ length: unknownAds }, (_, i) => `MLB9${String(i).padStart(3, "0")}`);
  sandbox.reseed({ items: ids.map((id, i) => ({ id, inventory_id: `INV${i + 1}`, stock: { available: i + 1 } })), listedOnly: unknown });
  await putAds(db.ref, [...ids, ...unknown].map((id) => fullAd(id, { sku: `SKU-${id}` })));
  if (credential) await storeCredential();
}

const storeCredential = () => putCredential(db.ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });

const itemReads = (since: number): number => sandbox.requests.slice(since).filter((r) => r.path.startsWith("/items?")).length;

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items: [] } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterEach(() => {
  sandbox.faults.reset();
  vi.useRealTimers();
});

afterAll(async () => {
  await sandbox.stop();
  restoreEnv();
});

describe("POST /full/tariffs with an Idempotency-Key", () => {
  it("answers a retry with the first answer and stores one tariff, even with the body's keys in another order", async () => {
    // Act
    const first = await create("create-1", { name: "Grande", min_volume_l: 20, daily_fee: 0.12 });
    const tableAfterFirst = await dumpTable(db.ref);
    const retry = await create("create-1", { daily_fee: 0.12, min_volume_l: 20, name: "Grande" });

    // Assess
    expect(first.statusCode).toBe(201);
    expect(retry).toEqual(first);
    expect(await dumpTable(db.ref)).toEqual(tableAfterFirst);
    expect(await listTariffs(db.ref)).toEqual([first.body.tariff]);
  });

  it("answers 422 to the same key with another body, changes nothing, and keeps the first answer for the first body", async () => {
    // Prepare
    const first = await create("create-2", { name: "P" });
    const before = await dumpTable(db.ref);

    // Act
    const other = await create("create-2", { name: "Q" });
    const again = await create("create-2", { name: "P" });

    // Assess
    expect(other).toMatchObject({
      statusCode: 422,
      body: { success: false, error: expect.stringMatching(/^Esta Idempotency-Key já foi usada com outro corpo/) },
    });
    expect(again).toEqual(first);
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("runs every time without the header: two creates, two tariffs", async () => {
    // Act
    const answers = [await create(undefined, { name: "Sem chave" }), await create(undefined, { name: "Sem chave" })];

    // Assess
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(new Set(answers.map((a) => a.body.tariff.id)).size).toBe(2);
  });

  it("keeps failures out of the record: after a 400 the corrected body with the same key creates", async () => {
    // Act
    const refused = await create("create-3", { daily_fee: "abc" });
    const tableAfterRefusal = await dumpTable(db.ref);
    const corrected = await create("create-3", { daily_fee: 0.5 });

    // Assess
    expect(refused).toMatchObject({ statusCode: 400, body: { success: false } });
    expect(tableAfterRefusal).toEqual([]);
    expect(corrected.statusCode).toBe(201);
    expect(await listTariffs(db.ref)).toEqual([corrected.body.tariff]);
  });

  it("refuses a key that is empty, too long or not visible ASCII with 400, before anything is stored", async () => {
    // Act
    const answers = await Promise.all(["", "x".repeat(256), "chave com espaço"].map((key) => create(key, { name: "X" })));

    // Assess
    for (const answer of answers) {
      expect(answer).toMatchObject({ statusCode: 400, body: { success: false, error: expect.stringMatching(/^Idempotency-Key deve ter de 1 a 255 caracteres ASCII visíveis/) } });
    }
    expect(await dumpTable(db.ref)).toEqual([]);
  });

  it(`creates again once the ${IDEMPOTENCY_WINDOW_SECONDS / 3600} hours of the key have passed`, async () => {
    // Prepare
    const first = await create("create-4", { name: "Dia 1" });
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (IDEMPOTENCY_WINDOW_SECONDS + 60) * 1000 });

    // Act
    const later = await create("create-4", { name: "Dia 1" });

    // Assess
    expect(later.statusCode).toBe(201);
    expect(later.body.tariff.id).not.toBe(first.body.tariff.id);
    expect(await listTariffs(db.ref)).toHaveLength(2);
  });
});

describe("POST /full/sync with an Idempotency-Key", () => {
  it("answers 409 'in progress' to a twin while the first runs, then replays the first answer without reading the marketplace again", async () => {
    // Prepare: the first sync is held up on the items read.
    await prepareSync(3);
    sandbox.faults.slow({ path: "/items", ms: 400, count: 1 });
    const mark = sandbox.requests.length;

    // Act
    const first = sync("sync-1");
    await vi.waitUntil(() => itemReads(mark) === 1, { timeout: 20_000, interval: 10 });
    const twin = await sync("sync-1");
    const firstAnswer = await first;
    const readsByFirst = sandbox.requests.length;
    const replay = await sync("sync-1");

    // Assess
    expect(twin).toMatchObject({
      statusCode: 409,
      body: { success: false, error: expect.stringMatching(/^Uma requisição com esta Idempotency-Key ainda está em andamento/) },
    });
    expect(firstAnswer.statusCode).toBe(200);
    expect(firstAnswer.body.stock).toMatchObject({ ads_full: 3, inventories: 3 });
    expect(replay).toEqual(firstAnswer);
    expect(sandbox.requests.length).toBe(readsByFirst);
  });

  it("does not keep a failure: once the cause is fixed, the retry with the same key runs the sync", async () => {
    // Prepare: no marketplace credential yet.
    await prepareSync(2, 0, false);

    // Act
    const failed = await sync("sync-2");
    await storeCredential();
    const retried = await sync("sync-2");

    // Assess
    expect(failed).toMatchObject({ statusCode: 500, body: { success: false, error: expect.stringMatching(/credencial/i) } });
    expect(retried.statusCode).toBe(200);
    expect(retried.body.stock).toMatchObject({ ads_full: 2, inventories: 2, failed: [] });
  });

  it("sends a replayed answer through the same middlewares: compressed for a client that accepts gzip, with Vary", async () => {
    // Prepare: 60 ads the marketplace does not know make an answer over the 1 KiB compression threshold.
    await prepareSync(1, 60);
    const context = lambdaContext();
    const request = { method: "POST", path: "/full/sync", headers: { "Idempotency-Key": "sync-3", "Accept-Encoding": "gzip" } };

    // Act
    const first = await postSync(apiEvent(request), context);
    const replay = await postSync(apiEvent(request), lambdaContext());

    // Assess
    for (const answer of [first, replay]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers).toMatchObject({ "content-encoding": "gzip", vary: expect.stringMatching(/Accept-Encoding/) });
    }
    const decoded = [first, replay].map((a) => JSON.parse(gunzipSync(Buffer.from(a.body!, "base64")).toString("utf8")));
    expect(decoded[1]).toEqual(decoded[0]);
    expect(decoded[0].stock.failed).toHaveLength(60);
  });
});
