import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerTextOf } from "#http/error-status";
import fc from "fast-check";
import { InventoryList, Messages, Replenishment, Time, type Ad, type DailyStockRow, type InventoryRecord, type LocalStockRow, type SkuMetric } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { createTestTable, dropTestTable } from "#test/table";
import { invoke, invokeWithText } from "#test/events";
import { load } from "#test/fixtures";
import type { TableRef } from "#storage/client";
import { putAds } from "#storage/ads";
import { putInventory } from "#storage/inventory";
import { putDailyStock } from "#storage/daily-stock";
import { putLocalStock } from "#storage/local-stock";
import { putMetrics } from "#storage/metrics";
import { putCredential } from "#storage/credentials";
import { createTariff, deleteTariff, listTariffs, updateTariff } from "#storage/tariffs";
import { createMarketplaceClient } from "../../marketplace/index.js";
import { handler as overviewHandler } from "../../handlers/full/overview.js";
import { handler as listHandler } from "../../handlers/full/inventory-list.js";
import { handler as replenishmentHandler } from "../../handlers/full/replenishment.js";
import { handler as detailHandler } from "../../handlers/full/inventory-detail.js";
import { handler as restockPlanHandler } from "../../handlers/full/restock-plan.js";
import { handler as agedStockHandler } from "../../handlers/full/aged-stock.js";
import { handler as putSettingsHandler } from "../../handlers/settings/put-group.js";
import { handler as importLocalStockHandler } from "../../handlers/imports/local-stock.js";
import { handler as importCostsHandler } from "../../handlers/imports/costs.js";
import { handler as importSalesHandler } from "../../handlers/imports/sales.js";
import { liveDetail } from "./detail.js";
import { liveInventoryList } from "./inventory-list.js";
import { liveOverview } from "./overview.js";
import { liveReplenishment } from "./replenishment.js";
import { overviewWarnings } from "./warnings.js";
import { liveAgedStock } from "./aged-stock.js";
import { liveRestockPlan } from "./restock-plan.js";
import { updatePlanning } from "#storage/planning";
import { refreshReadModel } from "./refresh.js";
import { credentialTokenStore } from "#services/marketplace";
import { SyncFailedError } from "../../errors.js";
import { syncToTheEnd } from "#test/sync";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { discoverCatalogue } from "#services/sync/discovery";

/**
 * Every answer of the four dashboard reads (the overview with its warnings, whose inputs the state item keeps) and the two planning reports equals, byte for byte, the answer computed from the
 * raw records at that moment, whatever sequence of loads, syncs, direct writes (which bump the
 * change counters but rebuild nothing), catalogue discoveries (the sync's first step, alone:
 * nothing rebuilt after it), imports of local stock, costs and sales, interrupted refreshes,
 * tariff and settings writes came before it.
 */

const AD_IDS = ["MLB1", "MLB2", "MLB3"];
const INVENTORY_IDS = ["INV1", "INV2", "INV3", "INV4", "INV5"];
const SKUS = ["SKU-A", "SKU-B", "SKU-C"];
const ZONES = ["America/Sao_Paulo", "Asia/Tokyo", "Pacific/Kiritimati", "Etc/GMT+12"];

const today = (): string => Time.calendarDay("America/Sao_Paulo", new Date());
const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> => fc.option(arbitrary, { nil: null });
const quantity = optional(fc.integer({ min: 0, max: 40 }));

const adArb: fc.Arbitrary<Ad> = fc.record({
  id: fc.constantFrom(...AD_IDS),
  title: optional(fc.constantFrom("Cloro 10kg", "Boia \"grande\"", "Clarificante ção 日本")),
  thumbnail: optional(fc.constantFrom("https://img/1.jpg", "https://img/2.jpg")),
  permalink: optional(fc.constantFrom("https://ml/1", "https://ml/2")),
  cost: optional(fc.constantFrom(0, 12.5, 3.33, 0.1)),
  sku: optional(fc.constantFrom(...SKUS)),
  is_full: fc.boolean(),
  sales_30d: optional(fc.integer({ min: 0, max: 90 })),
});

const inventoryArb: fc.Arbitrary<InventoryRecord> = fc
  .record({
    inventory_id: fc.constantFrom(...INVENTORY_IDS),
    ad_id: optional(fc.constantFrom(...AD_IDS)),
    sku: optional(fc.constantFrom(...SKUS)),
    variation_id: optional(fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom("azul", "verde"))),
    available_qty: quantity,
    in_transit_qty: quantity,
    not_available_qty: quantity,
    days_of_stock: optional(fc.constantFrom(0, 5.5, 13.9, 14, 30, 181, 200)),
    oldest_stock_days: optional(fc.integer({ min: 0, max: 200 })),
    updated_at: optional(fc.constantFrom("2026-11-20T10:00:00Z", "2026-11-20 10:00:00")),
  })
  .map((record) => ({ ...record, total_qty: (record.available_qty ?? 0) + (record.in_transit_qty ?? 0) + (record.not_available_qty ?? 0) }));

// Days from 66 back to 2 ahead of today: some fall outside the 60-day window in every zone.
const dailyArb = fc.record({
  inventory_id: fc.constantFrom(...INVENTORY_IDS),
  back: fc.integer({ min: -2, max: 66 }),
  available_qty: quantity,
  in_transit_qty: quantity,
  not_available_qty: quantity,
});

const localArb: fc.Arbitrary<LocalStockRow> = fc.record({
  sku: fc.constantFrom(...SKUS),
  available: fc.integer({ min: 0, max: 60 }),
  warehouse: fc.constantFrom("CD-SP", "CD-MG", ""),
});

const metricArb: fc.Arbitrary<SkuMetric> = fc.record({
  sku: fc.constantFrom(...SKUS),
  storage_cost: optional(fc.constantFrom(0, 0.42, 1.5)),
  storage_risk_cost: optional(fc.constantFrom(0, 0.3, 2)),
});

const datasetArb = fc.record({
  ads: fc.array(adArb, { maxLength: 4 }),
  inventory: fc.array(inventoryArb, { maxLength: 5 }),
  daily: fc.array(dailyArb, { maxLength: 8 }),
  local_stock: fc.array(localArb, { maxLength: 3 }),
  metrics: fc.array(metricArb, { maxLength: 2 }),
});
type Dataset = typeof datasetArb extends fc.Arbitrary<infer T> ? T : never;

const dailyRows = (dataset: Dataset): DailyStockRow[] =>
  dataset.daily.map(({ back, ...row }) => ({ ...row, day: Time.addDays(today(), -back) }));

// What the sandbox serves on a sync: per ad, one or two of the inventory ids, with stock.
const syncArb = fc.record({
  items: fc.array(
    fc.record({
      ad: fc.constantFrom(...AD_IDS),
      inventories: fc.uniqueArray(fc.constantFrom(...INVENTORY_IDS), { minLength: 1, maxLength: 2 }),
      available: fc.integer({ min: 0, max: 30 }),
      inTransit: fc.integer({ min: 0, max: 5 }),
      receivedDaysAgo: fc.integer({ min: 1, max: 55 }),
      litres: fc.constantFrom(0.5, 3, 12),
      // What discovery copies onto the ad: a listing that changes title, SKU or Full status.
      title: fc.constantFrom("Cloro 10kg", "Cloro 10kg (novo)", "Boia \"grande\""),
      sku: optional(fc.constantFrom(...SKUS)),
      full: fc.boolean(),
      soldDaysAgo: optional(fc.integer({ min: 1, max: 40 })),
    }),
    { maxLength: 5 },
  ),
});

// Imports through their PUT handlers: each key at most once (a repeated key is refused whole).
const importArb = fc.oneof(
  fc.record({
    kind: fc.constant("local_stock" as const),
    warehouse: fc.constantFrom("CD-SP", "CD-MG"),
    rows: fc.uniqueArray(fc.record({ sku: fc.constantFrom(...SKUS, "SKU-NEW"), available: fc.integer({ min: 0, max: 60 }) }), { selector: (row) => row.sku, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant("costs" as const),
    rows: fc.uniqueArray(fc.record({ ad_id: fc.constantFrom(...AD_IDS, "MLB9"), cost: optional(fc.constantFrom(0, 4.2, 19.99)) }), { selector: (row) => row.ad_id, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant("sales" as const),
    rows: fc.uniqueArray(fc.record({ ad_id: fc.constantFrom(...AD_IDS), sales_30d: optional(fc.integer({ min: 0, max: 120 })) }), { selector: (row) => row.ad_id, maxLength: 3 }),
  }),
);

const tariffArb = fc.record({
  action: fc.constantFrom("create", "update", "delete"),
  min: fc.constantFrom(0, 1, 5),
  max: optional(fc.constantFrom(4, 10)),
  fee: fc.constantFrom(0, 0.05, 0.2),
  inbound: fc.constantFrom(0, 1.5),
  active: fc.boolean(),
});

const readArb = fc.oneof(
  fc.record({ read: fc.constant("overview" as const) }),
  fc.record({
    read: fc.constant("list" as const),
    sort_by: fc.constantFrom("coverage", "aged", "available", "other"),
    alerts: fc.constantFrom(undefined, "1", "0"),
    gzip: fc.boolean(),
  }),
  fc.record({ read: fc.constant("replenishment" as const), target_days: fc.constantFrom("30", "7", "90", "x"), trigger_days: fc.constantFrom("14", "1", "60", "90") }),
  fc.record({ read: fc.constant("detail" as const), ad_id: fc.constantFrom(...AD_IDS) }),
  fc.record({ read: fc.constant("restock" as const), target_days: fc.constantFrom("30", "7", "90"), horizon_days: fc.constantFrom("14", "0", "90") }),
  fc.record({ read: fc.constant("aged" as const) }),
);

// Planning parameters of a SKU (the restock plan reads them on each request, beside its view).
const planningArb = fc.record({
  sku: fc.constantFrom(...SKUS),
  case_pack: optional(fc.constantFrom(1, 6, 12)),
  lead_time_days: optional(fc.constantFrom(0, 5, 30)),
  snooze_back: optional(fc.integer({ min: -3, max: 3 })),
});

const opArb = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant("load" as const), dataset: datasetArb }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("put" as const), dataset: datasetArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("refresh" as const), interrupted: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("sync" as const), sync: syncArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("discover" as const), sync: syncArb }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("import" as const), import: importArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("tariff" as const), tariff: tariffArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("zone" as const), zone: fc.constantFrom(...ZONES) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("planning" as const), planning: planningArb }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant("read" as const), read: readArb }) },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;
type Read = Extract<Op, { op: "read" }>["read"];

let restoreEnv: () => void;
let sandbox: SandboxMarketplace;

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items: [] } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterAll(async () => {
  await sandbox.stop();
  restoreEnv();
});

function sandboxItems(sync: Extract<Op, { op: "sync" }>["sync"]): SandboxItem[] {
  const byAd = new Map<string, SandboxItem>();
  const taken = new Set<string>();
  for (const entry of sync.items) {
    if (byAd.has(entry.ad)) continue;
    const inventories = entry.inventories.filter((id) => !taken.has(id));
    if (inventories.length === 0) continue;
    inventories.forEach((id) => taken.add(id));
    const stock = { available: entry.available, not_available_detail: [{ status: "transfer", quantity: entry.inTransit }] };
    const receptions = [{ date: Time.addDays(today(), -entry.receivedDaysAgo), quantity: entry.available }];
    const sales = entry.soldDaysAgo === null ? [] : [{ date: Time.addDays(today(), -entry.soldDaysAgo), quantity: 2 }];
    const side = Math.cbrt(entry.litres * 1000); // cm
    byAd.set(entry.ad, {
      id: entry.ad,
      title: entry.title,
      sku: entry.sku,
      is_full: entry.full,
      dimensions: { height: side, width: side, length: side },
      ...(inventories.length === 1
        ? { inventory_id: inventories[0]!, stock, receptions, sales }
        : { variations: inventories.map((id, i) => ({ id: 100 + i, inventory_id: id, stock, receptions, sales })) }),
    });
  }
  return [...byAd.values()];
}

/** The sandbox serving these items, and a client of it holding the sandbox's token pair. */
async function sandboxClient(ref: TableRef, sync: Extract<Op, { op: "sync" }>["sync"]) {
  sandbox.reseed({ items: sandboxItems(sync) });
  const pair = sandbox.currentTokens();
  await putCredential(ref, { provider: "mercadolivre", ...pair, user_id: sandbox.sellerId });
  return createMarketplaceClient({
    baseUrl: sandbox.url,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    tokens: credentialTokenStore(ref),
    timeoutMs: 2000,
    maxRetries: 1,
    backoffBaseMs: 1,
    backoffMaxMs: 2,
  });
}

function importThroughHandler(request: Extract<Op, { op: "import" }>["import"]) {
  switch (request.kind) {
    case "local_stock": {
      const { warehouse, rows } = request;
      return invoke(importLocalStockHandler, { method: "PUT", path: `/full/local-stock/${warehouse}`, pathParameters: { warehouse }, body: rows });
    }
    case "costs":
      return invoke(importCostsHandler, { method: "PUT", path: "/full/costs", body: request.rows });
    case "sales":
      return invoke(importSalesHandler, { method: "PUT", path: "/full/sales", body: request.rows });
  }
}

async function apply(ref: TableRef, op: Op): Promise<void> {
  switch (op.op) {
    case "load":
      await load(ref, { ...op.dataset, daily_stock: dailyRows(op.dataset) });
      return;
    case "put": {
      // Writes through the storage functions alone: counters move, nothing is rebuilt.
      await putAds(ref, op.dataset.ads);
      await putInventory(ref, op.dataset.inventory);
      await putDailyStock(ref, dailyRows(op.dataset));
      await putLocalStock(ref, op.dataset.local_stock);
      await putMetrics(ref, op.dataset.metrics);
      return;
    }
    case "refresh":
      await refreshReadModel(ref, op.interrupted ? { deadline: Date.now() - 1 } : {});
      return;
    case "sync": {
      await sandboxClient(ref, op.sync);
      await syncToTheEnd(ref, { marketplace: { timeoutMs: 2000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 2 } }).catch((error: unknown) => {
        // A sync that fails as a whole leaves the stored records as they were: the reads still must match.
        if (!(error instanceof SyncFailedError)) throw error;
      });
      return;
    }
    case "discover": {
      // The sync's first step alone: ads upserted, unlisted ones unflagged, ledger sales; no rebuild after it.
      await discoverCatalogue(ref, await sandboxClient(ref, op.sync), new Date());
      return;
    }
    case "import": {
      const response = await importThroughHandler(op.import);
      expect(response.statusCode).toBe(200);
      return;
    }
    case "tariff": {
      const { action, min, max, fee, inbound, active } = op.tariff;
      const fields = { name: null, min_volume_l: min, max_volume_l: max !== null && max <= min ? null : max, daily_fee: fee, inbound_fee: inbound, aged_days_threshold: 30, aged_daily_factor: 3, active };
      const [existing] = await listTariffs(ref);
      if (action === "create" || !existing) await createTariff(ref, fields);
      else if (action === "update") await updateTariff(ref, existing.id, { daily_fee: fee, active });
      else await deleteTariff(ref, existing.id);
      return;
    }
    case "zone": {
      const response = await invoke(putSettingsHandler, { method: "PUT", path: "/settings/geral", pathParameters: { group: "geral" }, body: { fuso_horario: op.zone } });
      expect(response.statusCode).toBe(200);
      return;
    }
    case "planning": {
      const { sku, case_pack, lead_time_days, snooze_back } = op.planning;
      await updatePlanning(ref, sku, { case_pack, lead_time_days, snooze_until: snooze_back === null ? null : Time.addDays(today(), snooze_back) }, new Date());
      return;
    }
    case "read":
      await expectLiveAnswer(ref, op.read);
  }
}

/** The handler's answer next to the one computed from the records, both as sent. */
async function expectLiveAnswer(ref: TableRef, read: Read): Promise<void> {
  switch (read.read) {
    case "overview": {
      const answer = await invokeWithText(overviewHandler, { path: "/full/overview" });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe(JSON.stringify({ ...(await liveOverview(ref)), warnings: await overviewWarnings(ref, Messages.DEFAULT_LOCALE) }));
      return;
    }
    case "list": {
      const query = { sort_by: read.sort_by, ...(read.alerts === undefined ? {} : { alerts: read.alerts }) };
      const answer = await invokeWithText(listHandler, { path: "/full/inventory", query, headers: read.gzip ? { "accept-encoding": "gzip" } : {} });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe(JSON.stringify(await liveInventoryList(ref, InventoryList.parseInventoryQuery(query))));
      return;
    }
    case "replenishment": {
      const query = { target_days: read.target_days, trigger_days: read.trigger_days };
      const answer = await invokeWithText(replenishmentHandler, { path: "/full/replenishment", query });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe(JSON.stringify(await liveReplenishment(ref, Replenishment.parseReplenishmentQuery(query))));
      return;
    }
    case "detail": {
      const answer = await invokeWithText(detailHandler, { path: `/full/inventory/${read.ad_id}`, pathParameters: { ad_id: read.ad_id } });
      const live = await liveDetail(ref, read.ad_id).then(
        (body) => ({ statusCode: 200, text: JSON.stringify(body) }),
        (error: Error) => ({ statusCode: 404, text: JSON.stringify({ error: answerTextOf(error, Messages.DEFAULT_LOCALE) }) }),
      );
      expect({ statusCode: answer.statusCode, text: answer.text }).toEqual(live);
      return;
    }
    case "restock": {
      const query = { target_days: read.target_days, horizon_days: read.horizon_days };
      const answer = await invokeWithText(restockPlanHandler, { path: "/full/restock-plan", query });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe(JSON.stringify(await liveRestockPlan(ref, { targetDays: Number(query.target_days), horizonDays: Number(query.horizon_days) })));
      return;
    }
    case "aged": {
      const answer = await invokeWithText(agedStockHandler, { path: "/full/aged-stock", headers: { "accept-encoding": "gzip" } });
      expect(answer.statusCode).toBe(200);
      expect(answer.text).toBe(JSON.stringify(await liveAgedStock(ref)));
    }
  }
}

const ALL_READS: Read[] = [
  { read: "overview" },
  { read: "list", sort_by: "coverage", alerts: undefined, gzip: false },
  { read: "list", sort_by: "aged", alerts: "1", gzip: true },
  { read: "replenishment", target_days: "90", trigger_days: "60" },
  ...AD_IDS.map((ad_id): Read => ({ read: "detail", ad_id })),
  { read: "restock", target_days: "30", horizon_days: "14" },
  { read: "aged" },
];

describe("the read model against the live computation", () => {
  it("answers every read exactly as the records say, after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 3, maxLength: 12 }), async (ops) => {
        const ref = await createTestTable("read-model-property");
        try {
          for (const op of ops) await apply(ref, op);
          for (const read of ALL_READS) await expectLiveAnswer(ref, read);
        } finally {
          await dropTestTable(ref);
        }
      }),
      { numRuns: Number(process.env.READ_MODEL_PROPERTY_RUNS ?? 15), endOnFailure: true },
    );
  }, 600_000);
});
