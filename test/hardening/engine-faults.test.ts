import { GetCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Time } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { freePort, startDynamoDbLocal, type RunningEngine } from "@fulfillment/local/engine/dynamodb-local";
import { createDocumentClient, useTable, type TableRef } from "#storage/client";
import { ensureTable } from "#storage/create-table";
import { Entities } from "#storage/keys";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { listGroupEntries } from "#storage/settings";
import { listTariffs } from "#storage/tariffs";
import { listRunningRuns } from "#storage/sync/runs";
import { SYNC_LEASE_NAME } from "#services/sync/lease";
import { apiEvent, lambdaContext, type EventInput } from "#test/events";
import { fullAd } from "#test/fixtures";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { engineFreezer, type EngineFreezer, type FreezePoint } from "#test/engine-freeze";
import { HANDLERS } from "./endpoints.js";
import { storageFailureStatus } from "#http/storage-failure";
import { routeOf, type RouteKey } from "@fulfillment/functions/routes";

/**
 * Issue 19's fault injection, against a DynamoDB Local engine this file starts for itself and a
 * client with the service's own call budget (5 s): the engine is frozen (SIGSTOP) during tariff
 * creates, settings PUTs and syncs, at three moments (before the handler runs, at its own write,
 * while its answer is recorded), then thawed (SIGCONT) and the request retried with the same
 * Idempotency-Key (the same PUT for settings). Then the engine is killed under the service. Every
 * case counts lost writes, duplicates, runs left `running` or holding the sync lease, and answers
 * other than the ones the issue names: all must be 0.
 */

let engine: RunningEngine;
let ref: TableRef;
let freezer: EngineFreezer;
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;

const ITEMS = 3;
const tally = { cases: 0, lostWrites: 0, duplicates: 0, stuckRuns: 0, unexpectedAnswers: [] as string[] };

interface Answer {
  statusCode: number;
  body: { success?: boolean; error?: string; [key: string]: unknown };
}

/**
 * Calls a handler as Lambda would, with the route's time limit (10 s, 29 s for the sync) unless
 * told otherwise: Powertools keeps a first try's "in progress" mark that long.
 */
async function call(key: string, input: EventInput, remainingMs = (key === "POST /full/sync" ? 29 : 10) * 1000): Promise<Answer> {
  const context = { ...lambdaContext(), getRemainingTimeInMillis: () => remainingMs };
  const result = (await HANDLERS[key]!(apiEvent(input), context)) as APIGatewayProxyStructuredResultV2;
  return { statusCode: result.statusCode ?? 200, body: JSON.parse(result.body ?? "{}") };
}

const createTariff = (idempotencyKey: string, name: string, remainingMs?: number) =>
  call("POST /full/tariffs", { method: "POST", path: "/full/tariffs", headers: { "Idempotency-Key": idempotencyKey }, body: { name } }, remainingMs);
const putSettings = (group: string, body: Record<string, string>, remainingMs?: number) =>
  call("PUT /settings/{group}", { method: "PUT", path: `/settings/${group}`, pathParameters: { group }, body }, remainingMs);
const runSync = (idempotencyKey: string, remainingMs?: number) =>
  call("POST /full/sync", { method: "POST", path: "/full/sync", headers: { "Idempotency-Key": idempotencyKey } }, remainingMs);

/** First tries frozen before anything is stored get 6 s: their "in progress" marks outlive them only briefly. */
const SHORT_INVOCATION_MS = 6_000;

/** Retries while the answer is a twin still in progress (or the sync lease its own first try held). */
async function retryUntilSettled(send: () => Promise<Answer>): Promise<Answer> {
  const deadline = Date.now() + 40_000;
  for (;;) {
    const answer = await send();
    const busy = answer.statusCode === 409 && /ainda está em andamento|já está em andamento/.test(answer.body.error ?? "");
    if (!busy || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * The first answer must be the family's storage failure, saying storage did not answer (or, when
 * the waits added up past the function's time limit, that it did not finish in time), what may be
 * stored and how to retry.
 */
function checkFailure(label: string, answer: Answer, status: number, stored: "not" | "may", retryHint: RegExp): void {
  const text = answer.body.error ?? "";
  const ok =
    answer.statusCode === status &&
    answer.body.success === false &&
    /o armazenamento não respondeu em 5 s|não terminou dentro do limite de \d+ s/.test(text) &&
    (stored === "not" ? /A alteração não foi gravada/ : /A alteração pode ter sido gravada/).test(text) &&
    retryHint.test(text) &&
    !/\n\s+at |127\.0\.0\.1|ECONN|Timeout/.test(text);
  if (!ok) tally.unexpectedAnswers.push(`${label} first: ${answer.statusCode} ${JSON.stringify(answer.body)}`);
}

const SAME_KEY = /Repetir com a mesma Idempotency-Key é seguro/;
const SAME_REQUEST = /Reenviar a mesma requisição é seguro/;

async function checkTariff(label: string, answer: Answer, name: string): Promise<void> {
  tally.cases++;
  if (answer.statusCode !== 201) return void tally.unexpectedAnswers.push(`${label} retry: ${answer.statusCode} ${JSON.stringify(answer.body)}`);
  const stored = (await listTariffs(ref)).filter((tariff) => tariff.name === name);
  if (!stored.some((tariff) => tariff.id === (answer.body.tariff as { id: number }).id)) tally.lostWrites++;
  tally.duplicates += Math.max(0, stored.length - 1);
}

async function checkSettings(label: string, answer: Answer, group: string, body: Record<string, string>): Promise<void> {
  tally.cases++;
  if (answer.statusCode !== 200) return void tally.unexpectedAnswers.push(`${label} retry: ${answer.statusCode} ${JSON.stringify(answer.body)}`);
  const stored = Object.fromEntries((await listGroupEntries(ref, group)).map((entry) => [entry.key, entry.value]));
  if (Object.entries(body).some(([key, value]) => stored[key] !== value)) tally.lostWrites++;
}

async function checkSync(label: string, answer: Answer, stock: number): Promise<void> {
  tally.cases++;
  if (answer.statusCode !== 200) return void tally.unexpectedAnswers.push(`${label} retry: ${answer.statusCode} ${JSON.stringify(answer.body)}`);
  const inventory = await listInventory(ref);
  const today = Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date());
  for (let i = 1; i <= ITEMS; i++) {
    if (inventory.find((record) => record.inventory_id === `INV${i}`)?.available_qty !== stock + i) tally.lostWrites++;
    const rows = await ref.doc.send(
      new QueryCommand({ TableName: ref.table, ...Entities.daily_stock.query.between({ inventoryId: `INV${i}` }, [today, today]), ConsistentRead: true }),
    );
    tally.duplicates += Math.max(0, (rows.Items?.length ?? 0) - 1);
  }
  const { Item: lease } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.lease.key({ name: SYNC_LEASE_NAME }), ConsistentRead: true }));
  if (lease && Number(lease.expires_at_ms) > Date.now()) tally.stuckRuns++;
  tally.stuckRuns += (await listRunningRuns(ref)).length;
}

/** The marketplace's stock for a round: INV<i> holds base + i units. */
function stockOfRound(base: number): void {
  sandbox.reseed({
    items: Array.from({ length: ITEMS }, (_, i) => ({ id: `MLB${i + 1}`, inventory_id: `INV${i + 1}`, stock: { available: base + i + 1 } })),
  });
}

const point = (command: string, ...bodyIncludes: string[]): FreezePoint => ({ command, bodyIncludes });

beforeAll(async () => {
  engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory" });
  // The service's own client: the production budget, no test allowance.
  ref = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: "engine-faults" };
  await ensureTable(ref.doc, ref.table);
  useTable(ref);
  freezer = engineFreezer(ref.doc, engine.pid);
  sandbox = await startSandboxMarketplace({ seed: { items: [] } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
  await putAds(ref, Array.from({ length: ITEMS }, (_, i) => fullAd(`MLB${i + 1}`, { sku: `SKU-${i + 1}` })));
  await putCredential(ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });
}, 120_000);

afterAll(async () => {
  restoreEnv();
  await sandbox?.stop();
  try {
    freezer?.thaw();
  } catch {
    // Already gone.
  }
  await engine?.stop();
});

describe("the engine frozen, then thawed, and the request retried", () => {
  it("frozen before the handler runs (at the idempotency record or the first read): nothing stored, the retry does it once", async () => {
    // Prepare
    stockOfRound(100);
    const settings = { moeda: "USD", empresa_uf: "RJ" };
    const frozen = freezer.freezeWhenReached([
      point("PutItemCommand", '"IDEMPOTENCY"', "POST /full/tariffs#"),
      point("QueryCommand", '"SETTINGS"', "GROUP#geral"),
      point("PutItemCommand", '"IDEMPOTENCY"', "POST /full/sync#"),
    ]);

    // Act
    const first = Promise.all([
      createTariff("t1", "Frozen before", SHORT_INVOCATION_MS),
      putSettings("geral", settings, SHORT_INVOCATION_MS),
      runSync("y1", SHORT_INVOCATION_MS),
    ]);
    await frozen;
    const [tariff, put, sync] = await first;
    freezer.thaw();
    const retries = await Promise.all([
      retryUntilSettled(() => createTariff("t1", "Frozen before")),
      retryUntilSettled(() => putSettings("geral", settings)),
      retryUntilSettled(() => runSync("y1")),
    ]);

    // Assess
    checkFailure("create before", tariff, 400, "not", SAME_KEY);
    checkFailure("settings before", put, 500, "not", SAME_REQUEST);
    checkFailure("sync before", sync, 500, "not", SAME_KEY);
    await checkTariff("create before", retries[0], "Frozen before");
    await checkSettings("settings before", retries[1], "geral", settings);
    await checkSync("sync before", retries[2], 100);
    expect(tally.unexpectedAnswers).toEqual([]);
    expect([tally.lostWrites, tally.duplicates, tally.stuckRuns]).toEqual([0, 0, 0]);
  }, 90_000);

  it("frozen at the handler's own write: the write may have been stored, the retry answers it without a duplicate", async () => {
    // Prepare
    stockOfRound(200);
    const settings = Object.fromEntries(Array.from({ length: 30 }, (_, k) => [`meta_${k}`, `${k}:${"m".repeat(2_000)}`]));
    const frozen = freezer.freezeWhenReached([
      point("TransactWriteItemsCommand", '"TARIFF"', "Frozen at its write"),
      point("TransactWriteItemsCommand", '"SETTINGS"', "GROUP#financeiro"),
      point("BatchWriteItemCommand", "INVENTORY#"),
    ]);

    // Act
    const first = Promise.all([createTariff("t2", "Frozen at its write"), putSettings("financeiro", settings), runSync("y2")]);
    await frozen;
    const [tariff, put, sync] = await first;
    freezer.thaw();
    const retries = await Promise.all([
      retryUntilSettled(() => createTariff("t2", "Frozen at its write")),
      retryUntilSettled(() => putSettings("financeiro", settings)),
      retryUntilSettled(() => runSync("y2")),
    ]);

    // Assess
    checkFailure("create at write", tariff, 400, "may", SAME_KEY);
    checkFailure("settings at write", put, 500, "may", SAME_REQUEST);
    checkFailure("sync at write", sync, 500, "may", SAME_KEY);
    await checkTariff("create at write", retries[0], "Frozen at its write");
    await checkSettings("settings at write", retries[1], "financeiro", settings);
    await checkSync("sync at write", retries[2], 200);
    expect(tally.unexpectedAnswers).toEqual([]);
    expect([tally.lostWrites, tally.duplicates, tally.stuckRuns]).toEqual([0, 0, 0]);
  }, 90_000);

  it("frozen while the answer is recorded: the change was made, the retry replays the answer", async () => {
    // Prepare
    stockOfRound(300);
    const frozen = freezer.freezeWhenReached([
      point("UpdateItemCommand", '"IDEMPOTENCY"', "POST /full/tariffs#"),
      point("UpdateItemCommand", '"IDEMPOTENCY"', "POST /full/sync#"),
    ]);

    // Act
    const first = Promise.all([createTariff("t3", "Frozen at the answer"), runSync("y3")]);
    await frozen;
    const [tariff, sync] = await first;
    freezer.thaw();
    const retries = await Promise.all([
      retryUntilSettled(() => createTariff("t3", "Frozen at the answer")),
      retryUntilSettled(() => runSync("y3")),
    ]);

    // Assess
    checkFailure("create at answer", tariff, 400, "may", SAME_KEY);
    checkFailure("sync at answer", sync, 500, "may", SAME_KEY);
    await checkTariff("create at answer", retries[0], "Frozen at the answer");
    await checkSync("sync at answer", retries[1], 300);
    expect(tally.cases).toBe(8);
    expect(tally.unexpectedAnswers).toEqual([]);
    expect([tally.lostWrites, tally.duplicates, tally.stuckRuns]).toEqual([0, 0, 0]);
  }, 90_000);
});

describe("the engine killed under the service", () => {
  it("a sync in flight answers that storage failed and the change may be stored; every endpoint then answers storage unreachable, without internals", async () => {
    // Prepare
    stockOfRound(400);
    const killed = freezer.killWhenReached(point("BatchWriteItemCommand", "INVENTORY#"));

    // Act
    const inFlight = runSync("k1");
    await killed;
    const sync = await inFlight;
    const answers = await Promise.all(
      Object.keys(HANDLERS)
        .filter((key) => key !== "GET /settings/defaults")
        .map(async (key) => [key, await call(key, requestOf(key))] as const),
    );

    // Assess
    tally.cases++;
    expect(sync.statusCode).toBe(500);
    expect(sync.body.error).toMatch(/^A requisição falhou: o armazenamento (não respondeu em 5 s|está inacessível)\b.*A alteração pode ter sido gravada/);
    for (const [key, answer] of answers) {
      expect([key, answer.statusCode]).toEqual([key, storageFailureStatus(routeOf(key as RouteKey))]);
      expect(answer.body.error).toMatch(/^A requisição falhou: o armazenamento está inacessível, o banco de dados não pôde ser alcançado\./);
      expect(answer.body.error).not.toMatch(/\n\s+at |127\.0\.0\.1|ECONNREFUSED/);
    }
    if (process.env.FAULT_REPORT) console.info(`engine faults: ${JSON.stringify({ ...tally, unexpectedAnswers: tally.unexpectedAnswers.length })}`);
  }, 60_000);
});

/** A valid request to each endpoint (the engine is gone, so every one of them reaches storage and fails). */
function requestOf(key: string): EventInput {
  const [method, template] = key.split(" ") as [string, string];
  // An override names a key one account may override (its group and key are checked before storage is reached).
  const overrides = template.includes("/overrides/");
  const values: Record<string, string> = { ad_id: "MLB1", tariff_id: "1", group: overrides ? "estoque" : "geral", key: "lead_time_padrao", sku: "SKU-1", warehouse: "CD1" };
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const path = names.reduce((text, name) => text.replace(`{${name}}`, values[name]!), template);
  const pathParameters = names.length > 0 ? Object.fromEntries(names.map((name) => [name, values[name]!])) : undefined;
  // A valid body for each write: the body is checked before storage is reached. The first part the path holds wins.
  const bodies: Record<string, object> = {
    restore: { at: "2026-11-21T10:00:00Z" },
    settings: { moeda: "BRL" },
    planning: { case_pack: 6 },
    tariffs: { name: "X" },
    "local-stock": [{ sku: "SKU-1", available: 1 }],
    costs: [{ sku: "SKU-1", cost: 1 }],
    sales: [{ sku: "SKU-1", sales_30d: 1 }],
  };
  const body = method === "GET" || method === "DELETE" ? undefined : bodies[Object.keys(bodies).find((part) => template.includes(part)) ?? ""];
  // The account callback reaches storage only with a state to look up, the recompute only with its first day.
  const queries: Record<string, Record<string, string>> = {
    "/marketplace/callback": { state: "s", code: "c" },
    "/full/storage-costs/recompute": { from: "2026-11-01" },
  };
  const query = queries[template];
  return { method, path, pathParameters, query, body, headers: method === "POST" ? { "Idempotency-Key": `kill-${path.replace(/\W+/g, "-")}` } : {} };
}
