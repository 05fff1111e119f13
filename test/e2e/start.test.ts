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

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) await stopService(child);
});

describe("npm start", () => {
  it("serves the demo data, syncs from the sandbox marketplace, and stops its engine on SIGTERM", async () => {
    const dynamoPort = await freePort();
    const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(dynamoPort), DEMO: "1" });
    running.push(service.child);

    const overview = (await (await fetch(`${service.url}/full/overview`)).json()) as Record<string, unknown>;
    expect(overview.has_data).toBe(true);
    const settings = await fetch(`${service.url}/settings/core_ai`);
    expect(settings.status).toBe(200);
    expect(((await settings.json()) as { success: boolean }).success).toBe(true);

    const sync = await fetch(`${service.url}/full/sync`, { method: "POST" });
    const result = (await sync.json()) as { stock: { ads_full: number; inventories: number } };
    expect(sync.status).toBe(200);
    expect(result).toMatchObject({ success: true, stock: { failed: [] } });
    expect(result.stock.ads_full).toBeGreaterThan(0);
    expect(result.stock.inventories).toBeGreaterThan(0);

    const unknown = await fetch(`${service.url}/full/nothing-here`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String) });

    expect(await engineAnswers(dynamoPort)).toBe(true);
    expect(await stopService(service.child)).toBe(0);
    expect(await engineAnswers(dynamoPort)).toBe(false);
  });

  it("starts empty with DEMO=0", async () => {
    const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "0" });
    running.push(service.child);
    const overview = (await (await fetch(`${service.url}/full/overview`)).json()) as Record<string, unknown>;
    expect(overview).toMatchObject({ has_data: false, summary: {}, alerts: {} });
    expect(await (await fetch(`${service.url}/full/tariffs`)).json()).toEqual({ tariffs: [] });
  });
});
