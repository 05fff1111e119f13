import { describe, expect, it } from "vitest";
import { computeAgedStock } from "../aged-stock/report.js";
import type { InventoryRecord, Tariff } from "../records.js";
import { computeRestockPlan } from "../restock/plan.js";
import { stockPolicy } from "../restock/stock-policy.js";
import { fullAd, inventoryRecord, tariffRecord } from "../test-records.js";
import { addDays } from "../time.js";
import { deriveAlerts, localizeAlert, type Alert, type SyncState } from "./derive.js";
import { buildDigest, digestSubject, digestText, slackPayload, skuLink } from "./digest.js";
import { diffAlerts, type OpenAlert } from "./diff.js";

const TODAY = "2026-11-21";
const NOW = new Date("2026-11-21T15:00:00Z");
const received = (daysAgo: number): string => addDays(TODAY, -daysAgo);
const TARIFFS: Tariff[] = [tariffRecord(1, { min_volume_l: 0, max_volume_l: null, daily_fee: 0.1, inbound_fee: 0, aged_days_threshold: 90, aged_daily_factor: 2, active: true })];
const SYNCED: SyncState = { last_run: { id: "r1", state: "succeeded", finished_at: "2026-11-21T12:00:00Z", error: null }, last_success_at: "2026-11-21T12:00:00Z" };

/** A SKU's one inventory with lots [age, units] and sales over 30 days; 10 cm cube ads (1 L). */
interface SkuSetup {
  sku: string;
  lots: [number, number][];
  sales: number;
  inTransit?: number;
  daysOfStock?: number | null;
}

function alertsOf(setups: SkuSetup[], sync: SyncState = SYNCED, now = NOW): Alert[] {
  const ads = setups.map((s) => fullAd(`AD-${s.sku}`, s.sku, s.sales, { title: `Title ${s.sku}`, length_mm: 100, width_mm: 100, height_mm: 100 }));
  const inventory: InventoryRecord[] = setups.map((s) => {
    const available = s.lots.reduce((sum, [, units]) => sum + units, 0);
    return inventoryRecord(`INV-${s.sku}`, {
      sku: s.sku,
      ad_id: `AD-${s.sku}`,
      available_qty: available,
      in_transit_qty: s.inTransit ?? 0,
      days_of_stock: s.daysOfStock !== undefined ? s.daysOfStock : s.sales > 0 ? available / (s.sales / 30) : null,
      fifo_lots: s.lots.map(([age, units]) => ({ day: received(age), units })),
      unknown_age_units: 0,
    });
  });
  const aged = computeAgedStock({ today: TODAY, inventory, ads, tariffs: TARIFFS, dailyRows: [] });
  const restock = computeRestockPlan({ today: TODAY, targetDays: 30, horizonDays: 14, policy: stockPolicy({}), candidates: ads, inventory, dailyRows: [], localStock: [], planning: [] });
  return deriveAlerts({ now, aged: aged.skus, restock: restock.items, inventory, sync });
}

const ids = (alerts: readonly { id: string }[]) => alerts.map((alert) => alert.id);
const open = (alerts: Alert[], at: string): OpenAlert[] => alerts.map((alert) => ({ ...alert, first_seen: at, last_changed: at }));

describe("deriveAlerts", () => {
  it("alerts each condition of the issue, per SKU, with the figures an operator acts on", () => {
    // Prepare: lead time 15 days (default), trigger 14 days, threshold 90 days.
    const alerts = alertsOf([
      // 30 units, 1/day: 30 days of coverage, lots past 90 days: aged only.
      { sku: "AGED", lots: [[100, 30]], sales: 30 },
      // 10 units at 1/day: 10 days < 14 trigger and < 15 lead time.
      { sku: "LOW", lots: [[10, 10]], sales: 30 },
      // Units aged 85 cross the threshold on day 6, still in stock at 1/day (50 units).
      { sku: "SOON", lots: [[85, 50]], sales: 30 },
      // No sales: coverage unknown, stranded.
      { sku: "STUCK", lots: [[20, 5]], sales: 0 },
    ]);

    // Assess
    expect(ids(alerts)).toEqual(["aged_stock:AGED", "aged_surcharge:SOON", "low_coverage:LOW", "stockout:LOW", "stranded:STUCK"]);
    const aged = alerts.find((a) => a.id === "aged_stock:AGED")!;
    expect(aged).toMatchObject({ kind: "aged_stock", sku: "AGED", severity: "warning", level: 4 });
    expect(aged.figures).toMatchObject({ title: "Title AGED", coverage_days: 30, aged_units: 30, oldest_bucket: "91-120" });
    const stockout = alerts.find((a) => a.id === "stockout:LOW")!;
    expect(stockout).toMatchObject({ severity: "critical" });
    expect(stockout.figures).toMatchObject({ coverage_days: 10, stockout_date: "2026-12-01", units_to_send: expect.any(Number) });
    expect(stockout.figures!.units_to_send).toBeGreaterThan(0);
    expect(alerts.find((a) => a.id === "aged_surcharge:SOON")!.figures!.surcharge_ahead).toBeGreaterThan(0);
  });

  it("writes each alert in pt-BR with its code and params beside the text, and in English on request", () => {
    const alerts = alertsOf([
      { sku: "AGED", lots: [[100, 30]], sales: 30 },
      { sku: "LOW", lots: [[10, 10]], sales: 30 },
      { sku: "STUCK", lots: [[20, 5]], sales: 0 },
    ]);
    const byId = (id: string) => alerts.find((a) => a.id === id)!;

    const stockout = byId("stockout:LOW");
    expect(stockout.message).toBe("O Full acaba em 01/12/2026, antes que um envio possa chegar (prazo de 15 dias)");
    expect(stockout.message_detail).toEqual({ code: "alert_stockout", params: { stockout_date: "2026-12-01", lead_time_days: 15 }, text: stockout.message });
    expect(localizeAlert(stockout, "en").message).toBe("Full runs out on 2026-12-01, before a shipment could arrive (15-day lead time)");
    expect(localizeAlert(stockout, "en").message_detail).toEqual({ code: "alert_stockout", params: { stockout_date: "2026-12-01", lead_time_days: 15 }, text: "Full runs out on 2026-12-01, before a shipment could arrive (15-day lead time)" });
    expect(byId("low_coverage:LOW").message).toBe("O estoque Full dura 10 dias, abaixo do gatilho de 14 dias");
    expect(byId("aged_stock:AGED").message).toBe("30 unidades passaram do limite de estoque antigo; as mais antigas têm 91–120 dias");
    expect(localizeAlert(byId("aged_stock:AGED"), "en").message).toBe("30 units past the aged threshold, the oldest 91–120 days old");
    expect(byId("stranded:STUCK").message).toBe("5 unidades não vendem em 180 dias");
    expect(localizeAlert(byId("stranded:STUCK"), "en").message).toBe("5 units will not sell within 180 days");
  });

  it("keeps the text of an alert recorded before alerts carried codes", () => {
    const legacy = { message: "Full stock lasts 3 days, below the 14-day trigger" } as Pick<Alert, "message" | "message_detail">;
    expect(localizeAlert(legacy, "pt-BR")).toEqual({ message: "Full stock lasts 3 days, below the 14-day trigger", message_detail: null });
  });

  it("makes aged stock critical past 180 days", () => {
    const [alert] = alertsOf([{ sku: "OLD", lots: [[200, 60]], sales: 30 }]);
    expect(alert).toMatchObject({ id: "aged_stock:OLD", severity: "critical", level: 6 });
  });

  it("alerts a failed last run and no successful run in 26 hours", () => {
    const failed: SyncState = { last_run: { id: "r2", state: "failed", finished_at: "2026-11-21T14:00:00Z", error: "marketplace down" }, last_success_at: "2026-11-20T12:59:59Z" };
    expect(ids(alertsOf([], failed))).toEqual(["sync_failed", "sync_stale"]);
    const [syncFailed, stale] = alertsOf([], failed);
    expect(syncFailed!.message).toBe("A sincronização r2 falhou: marketplace down");
    expect(localizeAlert(syncFailed!, "en").message).toBe("Sync run r2 failed: marketplace down");
    expect(stale!.message).toBe("Nenhuma sincronização bem-sucedida em 26 horas: a última terminou em 20/11/2026 12:59 UTC");
    expect(localizeAlert(stale!, "en").message).toBe("No successful sync in 26 hours: the last one finished at 2026-11-20 12:59 UTC");
    // Exactly 26 hours is not yet stale; never succeeded is.
    expect(ids(alertsOf([], { ...failed, last_run: null, last_success_at: "2026-11-20T13:00:00Z" }))).toEqual([]);
    expect(ids(alertsOf([], { last_run: null, last_success_at: null }))).toEqual(["sync_stale"]);
  });
});

describe("diffAlerts", () => {
  const T1 = "2026-11-21T10:00:00.000Z";
  const T2 = "2026-11-22T10:00:00.000Z";

  it("records new alerts as opened and nothing when the same alerts hold again", () => {
    const current = alertsOf([{ sku: "A", lots: [[100, 30]], sales: 30 }]);
    const first = diffAlerts([], current, T1);
    expect(first.events.map((e) => [e.change, e.id, e.event_id])).toEqual([["opened", "aged_stock:A", `${T1}#aged_stock:A`]]);
    expect(first.upserts).toEqual([{ ...current[0], first_seen: T1, last_changed: T1 }]);

    const again = diffAlerts(first.upserts, current, T2);
    expect(again).toEqual({ events: [], upserts: [], cleared: [] });
  });

  it("records an alert entering a higher age bucket as worsened, a better one silently, and one that no longer holds as cleared", () => {
    const before = open(alertsOf([{ sku: "A", lots: [[100, 30]], sales: 30 }, { sku: "B", lots: [[150, 30]], sales: 30 }, { sku: "C", lots: [[100, 30]], sales: 30 }]), T1);
    // A moves to 121-180 days, B is sold down to younger units, C's aged units are gone.
    const now = alertsOf([{ sku: "A", lots: [[130, 30]], sales: 30 }, { sku: "B", lots: [[95, 30]], sales: 30 }, { sku: "C", lots: [[10, 30]], sales: 30 }]);

    const diff = diffAlerts(before, now, T2);

    expect(diff.events.map((e) => [e.change, e.id])).toEqual([
      ["worsened", "aged_stock:A"],
      ["cleared", "aged_stock:C"],
    ]);
    expect(diff.upserts.map((a) => [a.id, a.level, a.first_seen, a.last_changed])).toEqual([
      ["aged_stock:A", 5, T1, T2],
      ["aged_stock:B", 4, T1, T2],
    ]);
    expect(diff.cleared.map((a) => a.id)).toEqual(["aged_stock:C"]);
  });

  it("refreshes the figures of an unchanged alert without an event or a new last_changed", () => {
    const before = open(alertsOf([{ sku: "A", lots: [[100, 30]], sales: 30 }]), T1);
    const diff = diffAlerts(before, alertsOf([{ sku: "A", lots: [[100, 20]], sales: 30 }]), T2);
    expect(diff.events).toEqual([]);
    expect(diff.upserts).toEqual([expect.objectContaining({ id: "aged_stock:A", last_changed: T1, figures: expect.objectContaining({ aged_units: 20 }) })]);
  });
});

describe("buildDigest", () => {
  const events = diffAlerts([], alertsOf([{ sku: "AGED", lots: [[100, 30]], sales: 30 }, { sku: "LOW", lots: [[10, 10]], sales: 30 }]), "2026-11-21T10:00:00.000Z").events;
  const options = { id: "d1", type: "digest" as const, subscriptionId: "s1", since: null, until: "2026-11-21T10:00:00.000Z", consoleUrl: "http://127.0.0.1:3000/console/" };

  it("groups the wanted events by kind with the SKU's figures and a link to its console screen", () => {
    const digest = buildDigest(events, { kinds: ["aged_stock", "stockout", "low_coverage"], min_severity: "info" }, options)!;
    expect(digest.groups.map((g) => [g.kind, g.items.map((i) => i.sku)])).toEqual([
      ["aged_stock", ["AGED"]],
      ["low_coverage", ["LOW"]],
      ["stockout", ["LOW"]],
    ]);
    expect(digest.count).toBe(3);
    expect(digest.groups[2]!.items[0]).toMatchObject({ title: "Title LOW", coverage_days: 10, stockout_date: "2026-12-01", link: "http://127.0.0.1:3000/console/#/estoque?q=LOW" });
    expect(digestText(digest)).toContain("LOW (Title LOW)");
    expect(JSON.stringify(slackPayload(digest))).toContain("<http://127.0.0.1:3000/console/#/estoque?q=LOW|abrir>");
  });

  it("writes every text of the digest in the subscription's language, pt-BR unless it chose English", () => {
    const wanted = { kinds: ["stockout" as const], min_severity: "info" as const };
    const ptBr = buildDigest(events, wanted, options)!;
    expect(ptBr.language).toBe("pt-BR");
    expect(ptBr.groups[0]).toMatchObject({ kind: "stockout", label: "Ruptura antes do prazo de reposição" });
    expect(ptBr.groups[0]!.items[0]).toMatchObject({
      message: "O Full acaba em 01/12/2026, antes que um envio possa chegar (prazo de 15 dias)",
      message_detail: { code: "alert_stockout", params: { stockout_date: "2026-12-01", lead_time_days: 15 }, text: "O Full acaba em 01/12/2026, antes que um envio possa chegar (prazo de 15 dias)" },
    });
    expect(digestSubject(ptBr)).toBe("Alertas do fulfillment: 1 mudança de alerta (Ruptura antes do prazo de reposição 1)");
    expect(digestText(ptBr)).toContain("[novo] LOW (Title LOW): O Full acaba em 01/12/2026");
    expect(digestText(ptBr)).toContain("cobertura 10 d, ruptura 01/12/2026, enviar");

    const en = buildDigest(events, wanted, { ...options, locale: "en" })!;
    expect(en.language).toBe("en");
    expect(en.groups[0]).toMatchObject({ label: "Stockout before the lead time" });
    expect(en.groups[0]!.items[0]!.message).toBe("Full runs out on 2026-12-01, before a shipment could arrive (15-day lead time)");
    expect(digestSubject(en)).toBe("Fulfillment alerts: 1 alert change (Stockout before the lead time 1)");
    expect(digestText(en)).toContain("[new] LOW (Title LOW): Full runs out on 2026-12-01");
    expect(JSON.stringify(slackPayload(en))).toContain("|open>");
    expect(JSON.stringify(en)).not.toMatch(/Ruptura|acaba|Alertas/);
  });

  it("leaves out kinds and severities the subscription does not want, and builds nothing when none is left", () => {
    expect(buildDigest(events, { kinds: ["stockout"], min_severity: "info" }, options)!.groups.map((g) => g.kind)).toEqual(["stockout"]);
    expect(buildDigest(events, { kinds: ["aged_stock", "low_coverage"], min_severity: "critical" }, options)).toBeNull();
    expect(buildDigest(events, { kinds: ["stranded"], min_severity: "info" }, options)).toBeNull();
  });

  it("links the sync's alerts to the alerts screen", () => {
    expect(skuLink("https://console.example.com/#/estoque", null)).toBe("https://console.example.com/#/alertas");
    expect(skuLink("https://console.example.com/", "A B")).toBe("https://console.example.com/#/estoque?q=A%20B");
  });
});
