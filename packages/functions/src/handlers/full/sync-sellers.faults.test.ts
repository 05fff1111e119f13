import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ad } from "@fulfillment/core";
import { startSandboxHub, type SandboxHub } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { syncMachine } from "#test/sync";
import { fullAd } from "#test/fixtures";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { withScope } from "#storage/scope";
import { registerSeller, type Seller } from "#storage/sellers";
import { listRuns } from "#storage/sync/runs";
import { handler as sync } from "./sync.js";

/**
 * Two sellers, each with a marketplace account of its own behind one marketplace address (the
 * sandbox hub): what happens to one seller's account must not reach the other seller's run.
 */
const db = useTestTable("sync-seller-faults", "test");
let hub: SandboxHub;
let restoreEnv = (): void => undefined;

const catalogue = (first: number, count: number) => {
  const numbers = Array.from({ length: count }, (_, i) => first + i);
  return {
    items: numbers.map((n) => ({ id: `MLB${n}`, inventory_id: `INV${n}`, stock: { available: n } })),
    ads: numbers.map((n): Ad => fullAd(`MLB${n}`, { sku: `SKU-${n % 5}` })),
  };
};
const A = { id: 111, ...catalogue(1, 6) };
const B = { id: 222, ...catalogue(101, 6) };

beforeAll(async () => {
  hub = await startSandboxHub([
    { seed: { sellerId: A.id, nickname: "LOJA_A", items: A.items } },
    { seed: { sellerId: B.id, nickname: "LOJA_B", items: B.items } },
  ]);
  restoreEnv = replaceMarketplaceEnv(sandboxEnv({ ...hub.sellers[0]!, url: hub.url }));
});

afterAll(async () => {
  await hub.stop();
  restoreEnv();
});

async function connect(index: number, ads: Ad[]): Promise<Seller> {
  const sandbox = hub.sellers[index]!;
  const seller = await registerSeller(db.ref, { user_id: String(sandbox.sellerId), nickname: `LOJA_${index}` });
  const pair = sandbox.currentTokens();
  await withScope(seller.scope, async () => {
    await putAds(db.ref, ads);
    await putCredential(db.ref, { provider: "mercadolivre", access_token: pair.access_token, refresh_token: pair.refresh_token, user_id: sandbox.sellerId });
  });
  return seller;
}

const postSync = (seller: Seller) => invoke(sync, { method: "POST", path: "/full/sync", headers: { "x-seller-id": seller.user_id } });
const stockOf = async (seller: Seller) =>
  (await withScope(seller.scope, () => listInventory(db.ref))).map((record) => [record.inventory_id, record.available_qty]).sort(([x], [y]) => String(x).localeCompare(String(y)));
const lastRun = async (seller: Seller) => (await withScope(seller.scope, () => listRuns(db.ref, 1)))[0]!;
const expectedStock = (items: { inventory_id: string; stock: { available: number } }[]) =>
  items.map((item) => [item.inventory_id, item.stock.available]).sort(([x], [y]) => String(x).localeCompare(String(y)));

describe("one seller's marketplace trouble and another seller's run", () => {
  it("a seller throttled by the marketplace neither delays nor changes another seller's run started with it", async () => {
    // Prepare: every stock read of the first seller is refused with 429 a few times, asking for a second's wait each time.
    const [first, second] = [await connect(0, A.ads), await connect(1, B.ads)];
    hub.sellers[0]!.faults.inject({ path: /^\/inventories\//, status: 429, count: 8, retryAfter: 1 });
    const mark = hub.requests.length;

    // Act
    const answers = await Promise.all([postSync(first), postSync(second)]);
    await syncMachine.settled();

    // Assess: the second seller's run is whole, and ended before the throttled one
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 202)).toBe(true);
    const [throttled, other] = [await lastRun(first), await lastRun(second)];
    expect(other).toMatchObject({ state: "succeeded", failed_count: 0 });
    expect(await stockOf(second)).toEqual(expectedStock(B.items));
    expect(Date.parse(other.finished_at!)).toBeLessThan(Date.parse(throttled.finished_at!));
    // ... which was throttled indeed: its stock reads were refused and asked again
    const stockReads = hub.requests.slice(mark).filter((r) => r.sellerId === A.id && r.path.startsWith("/inventories/"));
    expect(stockReads.length).toBeGreaterThanOrEqual(A.items.length + 8);
    expect(throttled.state).toBe("succeeded");
    expect(await stockOf(first)).toEqual(expectedStock(A.items));
  });

  it("a seller whose marketplace fails every read leaves another seller's run whole", async () => {
    // Prepare
    const [first, second] = [await connect(0, A.ads), await connect(1, B.ads)];
    hub.sellers[0]!.faults.inject({ path: /^\/(items|inventories)/, status: 500, count: 10_000 });

    // Act
    await Promise.all([postSync(first), postSync(second)]);
    await syncMachine.settled();
    hub.sellers[0]!.faults.reset();

    // Assess
    const crashed = await lastRun(first);
    expect(crashed.state === "failed" || crashed.failed_count > 0).toBe(true);
    expect(await lastRun(second)).toMatchObject({ state: "succeeded", failed_count: 0 });
    expect(await stockOf(second)).toEqual(expectedStock(B.items));
  });
});
