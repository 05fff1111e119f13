import { describe, expect, it, vi } from "vitest";
import { InventoryList, Messages, Replenishment, Time } from "@fulfillment/core";
import { localEndpoint, TEST_TIME_BUDGET, useTestTable } from "#test/table";
import { invokeWithText } from "#test/events";
import { recordedTable, type RecordedCommand } from "#test/commands";
import { faultyTable } from "#test/sdk-faults";
import { ad, inventory, load } from "#test/fixtures";
import { createDocumentClient, useTable, type TableRef } from "#storage/client";
import { markChanged } from "#storage/changes";
import { DAILY_MARKS_FLAG, Entities } from "#storage/keys";
import { DeleteCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { putMetrics } from "#storage/metrics";
import { putLocalStock } from "#storage/local-stock";
import { acquireLease } from "#storage/lease";
import { handler as overviewHandler } from "../../handlers/full/overview.js";
import { handler as listHandler } from "../../handlers/full/inventory-list.js";
import { handler as replenishmentHandler } from "../../handlers/full/replenishment.js";
import { handler as importCostsHandler } from "../../handlers/imports/costs.js";
import { handler as importLocalStockHandler } from "../../handlers/imports/local-stock.js";
import { handler as restockPlanHandler } from "../../handlers/full/restock-plan.js";
import { handler as agedStockHandler } from "../../handlers/full/aged-stock.js";
import { handler as createTariffHandler } from "../../handlers/tariffs/create.js";
import { handler as putSettingsHandler } from "../../handlers/settings/put-group.js";
import { liveInventoryList } from "./inventory-list.js";
import { liveOverview } from "./overview.js";
import { liveReplenishment } from "./replenishment.js";
import { overviewWarnings } from "./warnings.js";
import { liveAgedStock } from "./aged-stock.js";
import { liveRestockPlan, readRestockPlan } from "./restock-plan.js";
import { putDailyStock } from "#storage/daily-stock";
import { updatePlanning } from "#storage/planning";
import { createTariff } from "#storage/tariffs";
import { READ_MODEL_LEASE, refreshReadModel } from "./refresh.js";
import { logger } from "#logging/logger";

const db = useTestTable("read-model", "test");

/** The overview computed from the records, with the warnings the handler sends beside its figures. */
const liveOverviewText = async (ref: TableRef): Promise<string> =>
  JSON.stringify({ ...(await liveOverview(ref)), warnings: await overviewWarnings(ref, Messages.DEFAULT_LOCALE) });

const partitionsRead = (commands: RecordedCommand[]): string[] => [...new Set(commands.flatMap((c) => c.partitions))].sort();
const prefixes = (commands: RecordedCommand[]): string[] => [...new Set(partitionsRead(commands).map((p) => p.split("#")[0]!))].sort();

/** Three SKUs of known coverage (3, 10 and 20 days), one that is never suggested, and records alerting or not. */
const DATASET = {
  ads: [
    ad({ id: "MLB1", title: "Cloro", thumbnail: "https://img/1.jpg", cost: 10, sku: "A", sales_30d: 30 }),
    ad({ id: "MLB2", title: "Boia", cost: 2.5, sku: "B", sales_30d: 30 }),
    ad({ id: "MLB3", title: "Filtro", sku: "C", sales_30d: 30 }),
    ad({ id: "MLB4", title: "Capa", sku: "D", sales_30d: 0 }),
  ],
  inventory: [
    inventory({ inventory_id: "I1", ad_id: "MLB1", sku: "A", available_qty: 3, days_of_stock: 3 }),
    inventory({ inventory_id: "I2", ad_id: "MLB2", sku: "B", available_qty: 10, days_of_stock: 10, oldest_stock_days: 120 }),
    inventory({ inventory_id: "I3", ad_id: "MLB3", sku: "C", available_qty: 20, days_of_stock: 20, oldest_stock_days: 40 }),
    inventory({ inventory_id: "I4", ad_id: "MLB4", sku: "D", available_qty: 7, days_of_stock: null }),
  ],
  local_stock: [{ sku: "A", available: 50, warehouse: "CD-SP" }, { sku: "B", available: 5 }],
  metrics: [{ sku: "A", storage_cost: 0.4, storage_risk_cost: 0 }],
};

const list = (query: Record<string, string> = {}, headers: Record<string, string> = {}) => invokeWithText(listHandler, { path: "/full/inventory", query, headers });

describe("reads from views built at the end of a load", () => {
  it("answers the overview's figures with one strongly consistent read of the state item, its warnings beside them", async () => {
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    const answer = await invokeWithText(overviewHandler, { path: "/full/overview" });

    expect(answer.text).toBe(await liveOverviewText(db.ref));
    expect(commands.filter((c) => c.partitions.includes("READMODEL")).map((c) => c.command)).toEqual(["GetItemCommand"]);
    expect(prefixes(commands)).not.toContain("INVENTORY");
  });

  it("follows a change of the business time zone: the overview's updated_at is the records' wall-clock time in the new zone", async () => {
    // Prepare: a record stamped with a wall-clock time (no offset), read in São Paulo.
    await load(db.ref, { ...DATASET, inventory: DATASET.inventory.map((record) => ({ ...record, updated_at: "2026-11-20 10:00:00" })) });
    useTable(db.ref);
    const before = JSON.parse((await invokeWithText(overviewHandler, { path: "/full/overview" })).text) as { updated_at: string };
    expect(before.updated_at).toBe("2026-11-20T13:00:00.000Z");

    // Act
    const put = await invokeWithText(putSettingsHandler, { method: "PUT", path: "/settings/geral", pathParameters: { group: "geral" }, body: JSON.stringify({ fuso_horario: "Asia/Tokyo" }) });

    // Assess
    expect(put.statusCode).toBe(200);
    const answer = await invokeWithText(overviewHandler, { path: "/full/overview" });
    expect(JSON.parse(answer.text).updated_at).toBe("2026-11-20T01:00:00.000Z");
    expect(answer.text).toBe(await liveOverviewText(db.ref));
  });

  it("answers the overview and its warnings with that one read alone, also right after a tariff write", async () => {
    // Prepare: no tariff loaded, so the overview warns that none is active.
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);
    await invokeWithText(overviewHandler, { path: "/full/overview" }); // the container's copy of the time zone
    commands.length = 0;

    // Act
    const before = await invokeWithText(overviewHandler, { path: "/full/overview" });
    const readsBefore = commands.map((c) => c.command);
    const created = await invokeWithText(createTariffHandler, {
      method: "POST",
      path: "/full/tariffs",
      body: { name: "Pequeno", min_volume_l: 0, max_volume_l: null, daily_fee: 0.02, inbound_fee: 0.5, active: true },
    });
    commands.length = 0;
    const after = await invokeWithText(overviewHandler, { path: "/full/overview" });

    // Assess: one GetItem each time, and the warning gone as soon as the write answered.
    expect(readsBefore).toEqual(["GetItemCommand"]);
    expect(before.body.warnings.map((w: { code: string }) => w.code)).toContain("no_active_tariffs");
    expect(created.statusCode).toBe(201);
    expect(commands.map((c) => c.command)).toEqual(["GetItemCommand"]);
    expect(after.body.warnings.map((w: { code: string }) => w.code)).not.toContain("no_active_tariffs");
    expect(after.text).toBe(await liveOverviewText(db.ref));
  });

  it("describes the stored warnings in the language asked for, each language alike on every read", async () => {
    await load(db.ref, DATASET);

    const texts = [];
    for (const language of ["pt-BR", "en", "pt-BR", "en"]) {
      const answer = await invokeWithText(overviewHandler, { path: "/full/overview", headers: { "accept-language": language } });
      texts.push(JSON.stringify(answer.body.warnings));
    }

    const english = JSON.stringify(await overviewWarnings(db.ref, "en"));
    const portuguese = JSON.stringify(await overviewWarnings(db.ref, "pt-BR"));
    expect(english).not.toBe(portuguese);
    expect(texts).toEqual([portuguese, english, portuguese, english]);
  });

  it("reads only the alerting pages for alerts=1, and both parts for the whole list", async () => {
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    const alerts = await list({ alerts: "1", sort_by: "aged" });
    const alertReads = partitionsRead(commands);
    commands.length = 0;
    const whole = await list({ sort_by: "available" });

    expect(alerts.body.items.map((item: { inventory_id: string }) => item.inventory_id)).toEqual(["I2", "I1"]);
    expect(alerts.text).toBe(JSON.stringify(await liveInventoryList(db.ref, InventoryList.parseInventoryQuery({ alerts: "1", sort_by: "aged" }))));
    expect(alertReads.filter((p) => p.startsWith("LISTVIEW"))).toEqual(["LISTVIEW#A#0", "LISTVIEW#A#1", "LISTVIEW#A#2", "LISTVIEW#A#3"]);
    expect(prefixes(commands)).toEqual(["LISTVIEW", "READMODEL"]);
    expect(whole.text).toBe(JSON.stringify(await liveInventoryList(db.ref, InventoryList.parseInventoryQuery({ sort_by: "available" }))));
  });

  it.each([
    ["14", ["A", "B"]],
    ["60", ["A", "B", "C"]],
  ])("reads only the per-SKU records whose coverage is below trigger_days %s", async (trigger, skus) => {
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    const answer = await invokeWithText(replenishmentHandler, { path: "/full/replenishment", query: { target_days: "90", trigger_days: trigger } });

    expect(answer.body.items.map((item: { sku: string }) => item.sku)).toEqual(skus);
    const query = Replenishment.parseReplenishmentQuery({ target_days: "90", trigger_days: trigger });
    expect(answer.text).toBe(JSON.stringify(await liveReplenishment(db.ref, query)));
    const skuReads = commands.filter((c) => c.partitions.some((p) => p.startsWith("REPLENISH#")));
    expect(skuReads.reduce((n, c) => n + c.items, 0)).toBe(skus.length);
    expect(prefixes(commands)).toEqual(["READMODEL", "REPLENISH"]);
  });
});

describe("the restock plan and the aged-stock report from their views", () => {
  const today = (): string => Time.calendarDay("America/Sao_Paulo", new Date());
  const day = (back: number): string => Time.addDays(today(), -back);
  // SKU A was out of stock on 10 of the last 30 days (its two inventories summed), B on none; C has no rows.
  const row = (inventory_id: string, back: number, available_qty: number) => ({ inventory_id, day: day(back), available_qty, in_transit_qty: 0, not_available_qty: 0 });
  const PLANNED = {
    ...DATASET,
    inventory: [
      ...DATASET.inventory,
      { ...inventory({ inventory_id: "I5", ad_id: "MLB1", sku: "A", available_qty: 4 }), fifo_lots: [{ day: day(100), units: 3 }, { day: day(20), units: 1 }] },
    ],
    daily_stock: [
      ...Array.from({ length: 10 }, (_, back) => row("I1", back + 3, 0)),
      ...Array.from({ length: 10 }, (_, back) => row("I5", back + 3, 0)),
      row("I1", 2, 2),
      row("I5", 2, 0),
      row("I2", 1, 10),
    ],
  };
  const QUERY = { target_days: "30", horizon_days: "14" };
  const restock = () => invokeWithText(restockPlanHandler, { path: "/full/restock-plan", query: QUERY });
  const aged = () => invokeWithText(agedStockHandler, { path: "/full/aged-stock" });

  it("reads the state, the view's pages and the small inputs beside them, never a daily row", async () => {
    await load(db.ref, PLANNED);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    const plan = await restock();
    const planReads = prefixes(commands);
    commands.length = 0;
    const report = await aged();

    expect(plan.body.items.find((item: { sku: string }) => item.sku === "A").stockout_days).toBe(10);
    expect(plan.text).toBe(JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 })));
    // SETTINGSOVERRIDE: the seller's own stock settings, over the shared ones.
    expect(planReads).toEqual(["PLANNING", "READMODEL", "SETTINGS", "SETTINGSOVERRIDE", "SKUVIEW"]);
    expect(report.body.skus.map((sku: { sku: string }) => sku.sku).sort()).toEqual(["A", "B", "C", "D"]);
    expect(report.text).toBe(JSON.stringify(await liveAgedStock(db.ref)));
    expect(prefixes(commands)).toEqual(["READMODEL", "SKUVIEW", "TARIFF"]);
  });

  it("sends the answer stored at the build for the default query, and computes other queries and changed parameters from the view's entries", async () => {
    await load(db.ref, PLANNED);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);
    const views = (): string[] => partitionsRead(commands).filter((p) => p.startsWith("SKUVIEW#")).map((p) => p.replace(/#\d+$/, ""));

    const stored = await restock();
    const storedReads = views();
    const storedLive = JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 }));
    commands.length = 0;
    const other = await invokeWithText(restockPlanHandler, { path: "/full/restock-plan", query: { target_days: "60", horizon_days: "14" } });
    const otherReads = views();
    const otherLive = JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 60, horizonDays: 14 }));
    await updatePlanning(db.ref, "A", { case_pack: 12 }, new Date());
    await createTariff(db.ref, { name: null, min_volume_l: 0, max_volume_l: null, daily_fee: 0.3, inbound_fee: 0, aged_days_threshold: 30, aged_daily_factor: 3, active: true });
    commands.length = 0;
    const afterPlanning = await restock();
    const afterTariff = await aged();
    const changedReads = views();

    expect([...new Set(storedReads)]).toEqual(["SKUVIEW#restock_answer"]);
    expect(stored.text).toBe(storedLive);
    expect([...new Set(otherReads)]).toEqual(["SKUVIEW#restock"]);
    expect(other.text).toBe(otherLive);
    expect([...new Set(changedReads)].sort()).toEqual(["SKUVIEW#aged_stock", "SKUVIEW#aged_stock_answer", "SKUVIEW#restock", "SKUVIEW#restock_answer"]);
    expect(afterPlanning.body.items.find((item: { sku: string }) => item.sku === "A").case_pack).toBe(12);
    expect(afterPlanning.text).toBe(JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 })));
    expect(afterTariff.text).toBe(JSON.stringify(await liveAgedStock(db.ref)));
  });

  it("sends the stored answers gzip-encoded as they are stored to a client that accepts gzip, decoding to the plain answers", async () => {
    await load(db.ref, PLANNED);
    const gzip = { "accept-encoding": "gzip" };

    const plan = await invokeWithText(restockPlanHandler, { path: "/full/restock-plan", query: QUERY, headers: gzip });
    const report = await invokeWithText(agedStockHandler, { path: "/full/aged-stock", headers: gzip });
    const plain = await restock();

    expect(plan.headers["content-encoding"]).toBe("gzip");
    expect(plan.headers.vary).toContain("Accept-Encoding");
    expect(plan.text).toBe(plain.text);
    expect(plan.text).toBe(JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 })));
    expect(report.headers["content-encoding"]).toBe("gzip");
    expect(report.text).toBe(JSON.stringify(await liveAgedStock(db.ref)));
  });

  it("answers from the daily rows after a daily row is written, and from the view again after a refresh", async () => {
    await load(db.ref, PLANNED);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    await putDailyStock(db.ref, [row("I2", 0, 0)]);
    const afterWrite = await restock();
    const liveReads = prefixes(commands);
    const outcome = await refreshReadModel(db.ref);
    commands.length = 0;
    const afterRefresh = await restock();

    expect(afterWrite.body.items.find((item: { sku: string }) => item.sku === "B").stockout_days).toBe(1);
    expect(liveReads).toContain("DAILY");
    expect(outcome).toEqual({ built: ["restock", "aged_stock"], stale: [] });
    expect(afterRefresh.text).toBe(afterWrite.text);
    expect(prefixes(commands)).not.toContain("DAILY");
  });

  it("finds the daily rows of a table written before inventories were marked, by one scan", async () => {
    // Prepare: the marks and the flag gone, as in a table from before them.
    await load(db.ref, PLANNED);
    const marks = await db.ref.doc.send(new ScanCommand({ TableName: db.ref.table, FilterExpression: "begins_with(pk, :m)", ExpressionAttributeValues: { ":m": "DAILYINV#" } }));
    await Promise.all((marks.Items ?? []).map((item) => db.ref.doc.send(new DeleteCommand({ TableName: db.ref.table, Key: { pk: item.pk, sk: item.sk } }))));
    await db.ref.doc.send(new UpdateCommand({ TableName: db.ref.table, Key: Entities.read_model.key(), UpdateExpression: "REMOVE #f", ExpressionAttributeNames: { "#f": DAILY_MARKS_FLAG } }));
    await markChanged(db.ref, "daily_stock");

    // Act
    const outcome = await refreshReadModel(db.ref);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);
    const plan = await restock();

    // Assess
    expect(outcome.stale).toEqual([]);
    expect(marks.Items?.length).toBe(3);
    expect(prefixes(commands)).not.toContain("DAILY");
    expect(plan.body.items.find((item: { sku: string }) => item.sku === "A").stockout_days).toBe(10);
    expect(plan.text).toBe(JSON.stringify(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 })));
  });

  it("takes the live path for a day whose window starts before the view's first day", async () => {
    await load(db.ref, PLANNED);
    const { ref, commands } = recordedTable(db.ref);
    const earlier = new Date(Date.now() - 5 * 86_400_000);

    const plan = await readRestockPlan(ref, { targetDays: 30, horizonDays: 14 }, { now: earlier });

    expect(prefixes(commands)).toContain("DAILY");
    expect(plan).toEqual(await liveRestockPlan(db.ref, { targetDays: 30, horizonDays: 14 }, earlier));
  });
});

describe("change counters", () => {
  it("sends reads to the live path after a write that rebuilt nothing, then back to the view after a refresh", async () => {
    // Prepare
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    // Act: a metric written without a refresh
    await putMetrics(db.ref, [{ sku: "B", storage_cost: 9.99, storage_risk_cost: 1 }]);
    const afterWrite = await list();
    const liveReads = prefixes(commands);
    commands.length = 0;
    const outcome = await refreshReadModel(db.ref);
    const afterRefresh = await list();

    // Assess
    expect(afterWrite.body.items.find((item: { sku: string }) => item.sku === "B").storage_cost_unit).toBe(9.99);
    expect(liveReads).toContain("METRIC");
    expect(outcome).toEqual({ built: ["list"], stale: [] });
    expect(afterRefresh.text).toBe(afterWrite.text);
    expect(prefixes(commands)).toEqual(["LISTVIEW", "READMODEL"]);
  });

  it("does not publish a view whose topic was written during its build, and builds it again with the write", async () => {
    // Prepare: a client that writes a metric through another handle as the list view's pages are compared.
    await load(db.ref, DATASET);
    await markChanged(db.ref, "metrics");
    const doc = createDocumentClient({ endpoint: localEndpoint(), budget: TEST_TIME_BUDGET });
    let written = false;
    doc.middlewareStack.add(
      (next, context) => async (args) => {
        const partition = (args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues?.[":pk"];
        if (!written && context.commandName === "QueryCommand" && String(partition).startsWith("LISTVIEW")) {
          written = true;
          await putMetrics(db.ref, [{ sku: "C", storage_cost: 3.21, storage_risk_cost: 0 }]);
        }
        return next(args);
      },
      { step: "initialize", name: "writeDuringBuild", priority: "high" },
    );
    const during: TableRef = { doc, table: db.ref.table };

    // Act
    const outcome = await refreshReadModel(during);

    // Assess: built twice (the first publish refused), and the view holds the metric written meanwhile.
    expect(written).toBe(true);
    expect(outcome).toEqual({ built: ["list"], stale: [] });
    const answer = await list();
    expect(answer.body.items.find((item: { sku: string }) => item.sku === "C").storage_cost_unit).toBe(3.21);
    expect(answer.text).toBe(JSON.stringify(await liveInventoryList(db.ref, InventoryList.parseInventoryQuery({}))));
  });

  it("makes the views stale when a write fails part-way, so the reads show what did land", async () => {
    // Prepare: the engine takes one row of the batch, then none (no waiting between rounds).
    await load(db.ref, DATASET);
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { ref, faults } = faultyTable(db.ref);
    let first = true;
    faults.partialBatch("BatchWriteItemCommand", 100, () => (first ? ((first = false), 1) : 0));
    const query = { target_days: "90", trigger_days: "60" };

    // Act
    const failure = await putLocalStock(ref, [
      { sku: "C", available: 40, warehouse: "CD-SP" },
      { sku: "D", available: 8, warehouse: "CD-SP" },
    ]).catch((error: unknown) => error);
    const answer = await invokeWithText(replenishmentHandler, { path: "/full/replenishment", query });

    // Assess
    expect(failure).toBeInstanceOf(Error);
    expect(answer.text).toBe(JSON.stringify(await liveReplenishment(db.ref, Replenishment.parseReplenishmentQuery(query))));
    expect(answer.body.items.find((item: { sku: string }) => item.sku === "C").local_available).toBe(40);
    vi.restoreAllMocks();
  });

  it("rebuilds the views an import changed before the import answers", async () => {
    // Prepare
    await load(db.ref, DATASET);
    const { ref, commands } = recordedTable(db.ref);

    // Act: costs and a warehouse's stock imported, then read from the views alone.
    const costs = await invokeWithText(importCostsHandler, { method: "PUT", path: "/full/costs", body: [{ ad_id: "MLB3", cost: 8 }] });
    const stock = await invokeWithText(importLocalStockHandler, {
      method: "PUT",
      path: "/full/local-stock/CD-MG",
      pathParameters: { warehouse: "CD-MG" },
      body: [{ sku: "C", available: 12 }],
    });
    useTable(ref);
    const overview = await invokeWithText(overviewHandler, { path: "/full/overview" });
    const overviewReads = prefixes(commands);
    commands.length = 0;
    const query = { target_days: "90", trigger_days: "60" };
    const replenishment = await invokeWithText(replenishmentHandler, { path: "/full/replenishment", query });

    // Assess
    expect([costs.statusCode, stock.statusCode]).toEqual([200, 200]);
    expect(overviewReads).toContain("READMODEL");
    expect(overviewReads).not.toContain("INVENTORY");
    expect(overview.text).toBe(await liveOverviewText(db.ref));
    expect(prefixes(commands)).toEqual(["READMODEL", "REPLENISH"]);
    expect(replenishment.text).toBe(JSON.stringify(await liveReplenishment(db.ref, Replenishment.parseReplenishmentQuery(query))));
    expect(replenishment.body.items.find((item: { sku: string }) => item.sku === "C").local_warehouses).toEqual([{ warehouse: "CD-MG", available: 12 }]);
  });

  it("leaves the views stale while another refresh holds the lease, and the reads stay right", async () => {
    await load(db.ref, DATASET);
    await acquireLease(db.ref, READ_MODEL_LEASE, "another-process", 60_000);
    await putMetrics(db.ref, [{ sku: "A", storage_cost: 7, storage_risk_cost: 0 }]);

    const outcome = await refreshReadModel(db.ref);
    const answer = await list();

    expect(outcome).toEqual({ built: [], stale: ["list"], busy: true });
    expect(answer.body.items.find((item: { sku: string }) => item.sku === "A").storage_cost_unit).toBe(7);
  });

  it("says so when its lease cannot be given back, and the next refresh leaves the views to the live path until the lease lapses", async () => {
    // Prepare: the release of the lease refused outright.
    await load(db.ref, DATASET);
    await putMetrics(db.ref, [{ sku: "A", storage_cost: 7, storage_risk_cost: 0 }]);
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("DeleteItemCommand", 1, { name: "ValidationException", message: "refused", when: (input) => input.Key?.pk?.S === "LEASE" });
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => undefined);

    // Act
    const outcome = await refreshReadModel(ref);
    await putMetrics(db.ref, [{ sku: "A", storage_cost: 8, storage_risk_cost: 0 }]);
    const next = await refreshReadModel(db.ref);

    // Assess
    expect(outcome).toEqual({ built: ["list"], stale: [] });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/lease not released/), expect.objectContaining({ reason: "refused", lapses_in_s: 600 }));
    expect(next).toEqual({ built: [], stale: ["list"], busy: true });
    expect((await list()).body.items.find((item: { sku: string }) => item.sku === "A").storage_cost_unit).toBe(8);
    warn.mockRestore();
  });

  it("starts no build past its deadline", async () => {
    await load(db.ref, DATASET);
    await putMetrics(db.ref, [{ sku: "A", storage_cost: 7, storage_risk_cost: 0 }]);

    const outcome = await refreshReadModel(db.ref, { deadline: Date.now() - 1 });

    expect(outcome).toEqual({ built: [], stale: ["list"] });
    expect((await list()).text).toBe(JSON.stringify(await liveInventoryList(db.ref, InventoryList.parseInventoryQuery({}))));
  });
});

describe("a plain request whose answer passes the payload limit", () => {
  // 96 records whose titles make the list about 6.3 MB: plain, with quotes escaped, the Lambda
  // payload passes 6,000,000 bytes; the raw body does or does not depending on the title.
  it.each([
    ["raw body over the limit", "x".repeat(66_000)],
    ["raw body under the limit, escaped payload over it", `${'"'.repeat(12_000)}${"y".repeat(48_000)}`],
  ])("is refused with 406 before any page is read (%s), as the check after the handler refuses it", async (_case, title) => {
    // Prepare
    const count = 96;
    await load(db.ref, {
      ads: Array.from({ length: count }, (_, i) => ad({ id: `MLB${i}`, title, sku: `S${i}` })),
      inventory: Array.from({ length: count }, (_, i) => inventory({ inventory_id: `I${i}`, ad_id: `MLB${i}`, sku: `S${i}`, available_qty: i })),
    });
    const { ref, commands } = recordedTable(db.ref);
    useTable(ref);

    // Act
    const early = await list();
    const earlyReads = prefixes(commands);
    const compressed = await list({}, { "accept-encoding": "gzip" });
    await markChanged(db.ref, "metrics"); // the view is stale: the live path answers and the size check after it refuses
    const late = await list();

    // Assess
    expect(early.statusCode).toBe(406);
    expect(earlyReads).toEqual(["READMODEL"]);
    expect(early.headers.vary).toBe("Accept-Encoding, Accept-Language");
    expect(late.statusCode).toBe(406);
    expect(early.text).toBe(late.text);
    expect(compressed.statusCode).toBe(200);
    expect(compressed.body.count).toBe(count);
  });
});
