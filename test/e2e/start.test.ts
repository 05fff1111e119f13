import type { ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../packages/local/src/engine/dynamodb-local.js";
import { startService, stopService } from "../support/service.js";

async function engineAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}`, { method: "POST", signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

/** Starting the engine and the service takes most of it, more on a busy machine. */
const E2E_TIMEOUT_MS = 120_000;

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) await stopService(child);
});

describe("npm start", () => {
  it("serves the demo data, syncs from the sandbox marketplace, and stops its engine on SIGTERM", async () => {
    const dynamoPort = await freePort();
    const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DEMO: "1", POWERTOOLS_LOG_LEVEL: "INFO" });
    running.push(service.child);

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

    expect(await engineAnswers(dynamoPort)).toBe(true);
    expect(await stopService(service.child)).toBe(0);
    expect(await engineAnswers(dynamoPort)).toBe(false);
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
    running.push(service.child);

    const sync = await fetch(`${service.url}/full/sync`, { method: "POST" });
    const status = (await (await fetch(`${service.url}/full/sync/status`)).json()) as Record<string, any>;

    const sentence = `marketplace unreachable at 127.0.0.1:${closed}: connection refused (ECONNREFUSED)`;
    expect(sync.status).toBe(500);
    expect(await sync.json()).toEqual({ success: false, error: `Sync failed: ${sentence}` });
    expect(status).toMatchObject({ running: null, last: { state: "failed", error: sentence }, last_success: null });
  }, E2E_TIMEOUT_MS);

  it("starts empty with DEMO=0", async () => {
    const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "0" });
    running.push(service.child);
    const overview = (await (await fetch(`${service.url}/full/overview`)).json()) as Record<string, unknown>;
    expect(overview).toMatchObject({ has_data: false, summary: {}, alerts: {} });
    expect(await (await fetch(`${service.url}/full/tariffs`)).json()).toEqual({ tariffs: [] });
  }, E2E_TIMEOUT_MS);
});
