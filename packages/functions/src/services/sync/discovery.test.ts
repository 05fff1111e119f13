import { describe, expect, it } from "vitest";
import { Time, type Ad } from "@fulfillment/core";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { fullAd } from "#test/fixtures";
import { createMarketplaceClient } from "../../marketplace/index.js";
import { getAd, listAllAds, listFullAdsWithSku } from "#storage/ads";
import { listInventory } from "#storage/inventory";
import { credentialTokenStore } from "../marketplace.js";
import { discoverCatalogue } from "./discovery.js";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { listRuns } from "#storage/sync/runs";

// 12:00 in São Paulo.
const NOW = new Date("2026-06-30T15:00:00Z");
const TODAY = "2026-06-30";
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);

const db = useTestTable("discovery", "test");
const { sandbox, seed, storeCredential, requestsOfTest } = useSyncSandbox(db, { readsOnly: true });

const client = () =>
  createMarketplaceClient({
    baseUrl: sandbox.url,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    tokens: credentialTokenStore(db.ref),
    maxRetries: 1,
    backoffBaseMs: 1,
    backoffMaxMs: 2,
  });

async function prepare(items: SandboxItem[], ads: Ad[] = [], options: { userId?: boolean } = {}): Promise<void> {
  await seed(items, ads, undefined, { credential: false });
  await storeCredential({}, options);
}

const adsById = async (): Promise<Map<string, Ad>> => new Map((await listAllAds(db.ref)).map((ad) => [ad.id, ad]));

describe("catalogue discovery", () => {
  it("stores every Full listing of a seller with more than 1,000, reading them 20 per call, and leaves the others out", async () => {
    // Prepare: 1,005 Full items, a few with their SKU only in seller_custom_field, and 5 items outside Full.
    const items: SandboxItem[] = [];
    for (let n = 1; n <= 1005; n++) {
      items.push({ id: `MLB${n}`, title: `Produto ${n}`, sku: `SKU-${n}`, skuIn: n % 100 === 0 ? "seller_custom_field" : "attribute", inventory_id: `INV${n}` });
    }
    for (let n = 1; n <= 5; n++) items.push({ id: `MLBX${n}`, title: `Fora do Full ${n}`, sku: `X-${n}`, is_full: false });
    await prepare(items);

    // Act
    const result = await discoverCatalogue(db.ref, client(), NOW);

    // Assess
    expect(result).toMatchObject({ listed: 1005, added: 1005, updated: 0, no_longer_full: 0, failed: [], error: null });
    const ads = await adsById();
    expect(ads.size).toBe(1005);
    expect(ads.get("MLB1000")).toEqual({
      id: "MLB1000",
      title: "Produto 1000",
      thumbnail: "https://http2.mlstatic.com/D_MLB1000-I.jpg",
      permalink: "https://produto.mercadolivre.com.br/MLB1000",
      sku: "SKU-1000",
      is_full: true,
      cost: null,
      sales_30d: 0,
      sales_30d_source: "ledger",
    });
    expect([...ads.values()].every((ad) => ad.title?.startsWith("Produto ") && ad.sku?.startsWith("SKU-"))).toBe(true);
    // Full ads with a SKU are the replenishment candidates.
    expect(await listFullAdsWithSku(db.ref, ["id"])).toHaveLength(1005);
    const requests = requestsOfTest();
    const searches = requests.filter((line) => line.startsWith("GET /users/"));
    expect(searches[0]).toContain("logistic_type=fulfillment");
    // Past 1,000 the listing is a scan: the first scan page, then one per scroll_id until an empty page.
    expect(searches.filter((line) => line.includes("search_type=scan"))).toHaveLength(12);
    expect(searches.filter((line) => line.includes("scroll_id="))).toHaveLength(11);
    const multigets = requests.filter((line) => line.startsWith("GET /items?ids="));
    expect(multigets).toHaveLength(Math.ceil(1005 / 20));
    expect(multigets.every((line) => new URL(`http://x${line.slice(4)}`).searchParams.get("ids")!.split(",").length <= 20)).toBe(true);
  });

  it("pages with offsets up to 1,000 listings, without a scan", async () => {
    // Prepare
    await prepare(Array.from({ length: 250 }, (_, i) => ({ id: `MLB${i + 1}`, inventory_id: `INV${i + 1}` })));

    // Act
    const result = await discoverCatalogue(db.ref, client(), NOW);

    // Assess
    expect(result.listed).toBe(250);
    const searches = requestsOfTest().filter((line) => line.startsWith("GET /users/"));
    expect(searches.map((line) => /offset=(\d+)/.exec(line)?.[1]).sort()).toEqual(["0", "100", "200"]);
    expect(searches.some((line) => line.includes("search_type=scan"))).toBe(false);
  });

  it("updates what the marketplace owns, never the cost, and unflags a stored Full ad no longer listed, keeping it", async () => {
    // Prepare
    await prepare(
      [
        { id: "MLB1", title: "Mangueira 30 m", sku: "MG-30", inventory_id: "INV1", thumbnail: "https://img/1.jpg", permalink: "https://ml/MLB1" },
        { id: "MLB2", title: "Regador", sku: "RG-1", inventory_id: "INV2" },
      ],
      [
        fullAd("MLB1", { title: "Mangueira 20 m", sku: "MG-20", cost: 31.5, sales_30d: 12, sales_30d_source: "import", length_mm: 300 }),
        fullAd("MLB7", { title: "Vendido", sku: "OLD", cost: 9 }),
        fullAd("MLB8", { title: "Fora", sku: "OUT", is_full: false }),
      ],
    );

    // Act
    const result = await discoverCatalogue(db.ref, client(), NOW);

    // Assess
    expect(result).toMatchObject({ listed: 2, added: 1, updated: 1, no_longer_full: 1, error: null });
    const ads = await adsById();
    expect(ads.get("MLB1")).toEqual({
      id: "MLB1",
      title: "Mangueira 30 m",
      thumbnail: "https://img/1.jpg",
      permalink: "https://ml/MLB1",
      sku: "MG-30",
      is_full: true,
      cost: 31.5,
      sales_30d: 12,
      sales_30d_source: "import",
      length_mm: 300,
    });
    expect(ads.get("MLB7")).toMatchObject({ is_full: false, cost: 9, title: "Vendido" });
    expect(ads.get("MLB8")).toMatchObject({ is_full: false });
    // The unflagged ad left the replenishment candidates; the renamed SKU moved with the ad.
    expect((await listFullAdsWithSku(db.ref, ["id", "sku"])).map((ad) => [ad.id, ad.sku])).toEqual([
      ["MLB1", "MG-30"],
      ["MLB2", "RG-1"],
    ]);
  });

  it("derives sales_30d from the ledger for ads without an imported value, and leaves an imported one as it is", async () => {
    // Prepare: MLB1 has sales and a cancellation, a return and a sale older than 30 days; MLB2's value was imported.
    await prepare(
      [
        {
          id: "MLB1",
          inventory_id: "INV1",
          sales: [
            { date: daysAgo(40), quantity: 50 },
            { date: daysAgo(20), quantity: 6 },
            { date: daysAgo(3), quantity: 4 },
            { date: daysAgo(2), quantity: 1, type: "sale_cancelation" },
            { date: daysAgo(1), quantity: 2, type: "sale_return" },
          ],
        },
        { id: "MLB2", inventory_id: "INV2", sales: [{ date: daysAgo(5), quantity: 9 }] },
        { id: "MLB3", variations: [{ id: 31, inventory_id: "VAR31", sales: [{ date: daysAgo(4), quantity: 2 }] }, { id: 32, inventory_id: "VAR32", sales: [{ date: daysAgo(4), quantity: 3 }] }] },
        { id: "MLB4", inventory_id: "INV4", sales: [{ date: daysAgo(6), quantity: 5 }] },
      ],
      [fullAd("MLB2", { sales_30d: 40, sales_30d_source: "import" }), fullAd("MLB4", { sales_30d: 1, sales_30d_source: "ledger" })],
    );

    // Act
    const result = await discoverCatalogue(db.ref, client(), NOW);

    // Assess: 6 + 4 − 1 − 2 = 7; MLB3 sums its variations; MLB4's ledger figure is brought up to date.
    expect(result.sales_from_ledger).toBe(3);
    const ads = await adsById();
    expect(ads.get("MLB1")).toMatchObject({ sales_30d: 7, sales_30d_source: "ledger" });
    expect(ads.get("MLB2")).toMatchObject({ sales_30d: 40, sales_30d_source: "import" });
    expect(ads.get("MLB3")).toMatchObject({ sales_30d: 5, sales_30d_source: "ledger" });
    expect(ads.get("MLB4")).toMatchObject({ sales_30d: 5, sales_30d_source: "ledger" });
    // One ledger read, for the ads that need it.
    const search = requestsOfTest().filter((line) => line.startsWith("GET /stock/fulfillment/operations/search"));
    expect(search).toHaveLength(1);
    const inventoryIds = new URL(`http://x${search[0]!.slice(4)}`).searchParams.get("inventory_id")!.split(",");
    expect(inventoryIds.sort()).toEqual(["INV1", "INV4", "VAR31", "VAR32"]);
  });

  it("stops, calling nothing, when the credential does not name the seller", async () => {
    // Prepare
    await prepare([{ id: "MLB1", title: "Vaso", inventory_id: "INV1" }], [], { userId: false });

    // Act
    const error = await discoverCatalogue(db.ref, client(), NOW).catch((e: unknown) => e);

    // Assess
    expect((error as Error).message).toMatch(/credential has no seller id/);
    expect(requestsOfTest()).toEqual([]);
  });

  it("changes nothing when the listing fails, and the sync goes on with the ads already stored", async () => {
    // Prepare
    await prepare(
      [{ id: "MLB1", title: "Novo título", inventory_id: "INV1", stock: { available: 4 } }, { id: "MLB2", inventory_id: "INV2" }],
      [fullAd("MLB1", { title: "Título", sku: "A", sales_30d: 30 })],
    );
    sandbox.faults.inject({ path: /^\/users\/\d+\/items\/search$/, status: 503, count: 2 });
    const before = await dumpTable(db.ref);

    // Act: discovery alone, then a whole sync meeting the same failure.
    const alone = await discoverCatalogue(db.ref, client(), NOW);
    const tableAfterDiscovery = await dumpTable(db.ref);
    sandbox.faults.inject({ path: /^\/users\/\d+\/items\/search$/, status: 503, count: 2 });
    const synced = await syncToTheEnd(db.ref, { at: NOW, marketplace: { maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 2 } });

    // Assess
    expect(alone).toEqual({
      listed: 0,
      added: 0,
      updated: 0,
      no_longer_full: 0,
      sales_from_ledger: 0,
      failed: [],
      error: expect.stringMatching(/^Listing the seller's Full items failed: GET \/users\/\{id\}\/items\/search: HTTP 503/),
    });
    expect(tableAfterDiscovery).toEqual(before);
    expect(synced.discovery.error).toMatch(/^Listing the seller's Full items failed/);
    // The run is recorded partial, with the listing's failure as its error.
    const run = (await listRuns(db.ref, 1))[0]!;
    expect(run).toMatchObject({ id: synced.run_id, state: "partial", error: synced.discovery.error });
    expect(synced.stock).toMatchObject({ ads_full: 1, inventories: 1, failed: [] });
    expect(await listInventory(db.ref)).toEqual([expect.objectContaining({ inventory_id: "INV1", ad_id: "MLB1", available_qty: 4 })]);
    expect(await getAd(db.ref, "MLB2")).toBeUndefined();
  });

  it("records a listed item that cannot be read, and leaves its stored ad as it was", async () => {
    // Prepare
    sandbox.reseed({ items: [] });
    await prepare([{ id: "MLB1", inventory_id: "INV1" }], [fullAd("MLB9", { title: "Guardado", sku: "G" })]);
    sandbox.reseed({ items: [{ id: "MLB1", inventory_id: "INV1" }], listedOnly: ["MLB9"] });

    // Act
    const result = await discoverCatalogue(db.ref, client(), NOW);

    // Assess
    expect(result.failed).toEqual([{ ad_id: "MLB9", error: "Item with id MLB9 not found" }]);
    expect(result.no_longer_full).toBe(0);
    expect(await getAd(db.ref, "MLB9")).toMatchObject({ is_full: true, title: "Guardado", sku: "G" });
  });
});
