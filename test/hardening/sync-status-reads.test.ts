import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { freePort, startDynamoDbLocal, type RunningEngine } from "@fulfillment/local/engine/dynamodb-local";
import { newAccessKey } from "@fulfillment/local/engine/access-key";
import { syncStepsTable, useLocalSyncMachine, type LocalSyncMachine } from "@fulfillment/local/sync/machine";
import { createDocumentClient, useTable, type TableRef } from "#storage/client";
import { ADMIN_TIME_BUDGET } from "#storage/time-budget";
import { ensureTable } from "#storage/create-table";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { getRun } from "#storage/sync/runs";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { invoke } from "#test/events";
import { numberedCatalogue } from "#test/sync-sandbox";
import { handler as postSync } from "@fulfillment/functions/handlers/full/sync";
import { handler as syncStatus } from "@fulfillment/functions/handlers/full/sync-status";

/**
 * GET /full/sync/status while a sync runs, as npm start runs both in one process on its default
 * on-disk engine: the API's reads use the service's own time budget and never wait for a
 * connection behind the run's writes, so every one answers.
 */

const ADS = 600;
/** Ten shards: the definition's whole map concurrency writing at once. */
const SHARD_SIZE = ADS / 10;

let engine: RunningEngine;
let dataDir: string;
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;
let machine: LocalSyncMachine;
let api: TableRef;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "sync-status-reads-"));
  engine = await startDynamoDbLocal({ port: await freePort(), dataDir, heapMb: 256 });
  const accessKeyId = newAccessKey();
  const name = "fulfillment";
  const setup = createDocumentClient({ endpoint: engine.endpoint, accessKeyId, budget: ADMIN_TIME_BUDGET });
  await ensureTable(setup, name);
  const { items, ads } = numberedCatalogue(ADS);
  sandbox = await startSandboxMarketplace({ seed: { items } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
  await putAds({ doc: setup, table: name }, ads);
  await putCredential({ doc: setup, table: name }, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });
  // As npm start wires them: the API on the service's budget, the steps on their own client.
  api = { doc: createDocumentClient({ endpoint: engine.endpoint, accessKeyId }), table: name };
  useTable(api);
  machine = useLocalSyncMachine({ retryIntervalMs: 0, steps: syncStepsTable({ endpoint: engine.endpoint, accessKeyId, table: name }) });
}, 120_000);

afterAll(async () => {
  machine?.stop();
  // Every other test file's syncs run on the process-wide table again.
  useLocalSyncMachine({ retryIntervalMs: 0 });
  useTable(undefined);
  restoreEnv?.();
  await sandbox?.stop();
  await engine?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /full/sync/status during a sync on the on-disk engine", () => {
  it("answers 200 to every read while the run writes", async () => {
    // Prepare
    vi.stubEnv("SYNC_SHARD_SIZE", String(SHARD_SIZE));
    const statuses: number[] = [];
    let running = true;

    // Act: the run starts, and the status is read back to back until it has ended.
    const posted = invoke(postSync, { method: "POST", path: "/full/sync" }, { timeoutMs: 30_000 });
    const reads = (async () => {
      while (running) {
        statuses.push((await invoke(syncStatus, { method: "GET", path: "/full/sync/status" })).statusCode);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const answer = await posted;
    await machine.settled();
    running = false;
    await reads;

    // Assess
    expect([200, 202]).toContain(answer.statusCode);
    const runId = (answer.body.run_id ?? answer.body.run?.id) as string;
    expect(await getRun(api, runId)).toMatchObject({ state: "succeeded", result: { ads_full: ADS, inventories: ADS } });
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    vi.unstubAllEnvs();
  }, 240_000);
});
