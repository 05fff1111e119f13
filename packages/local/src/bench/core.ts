/** The pure calculators alone, on records already in memory. */
import { InventoryList, Overview, Replenishment, Time, type Ad, type SkuMetric } from "@fulfillment/core";
import { sizedRecords } from "./dataset.js";
import { median, timed } from "./stats.js";

type Calculator = "replenishment" | "overview" | "inventory_list";

/** Median milliseconds per call: wall clock, and the process's CPU time (steadier on a shared machine). */
export type CoreTimings = Record<Calculator, { wallMs: number; cpuMs: number }>;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Median milliseconds per call of each calculator over `size` records. */
export async function timeCalculators(size: number, runs: number): Promise<CoreTimings> {
  // Through JSON, as the storage layer hands records over (parsed from DynamoDB's JSON answers).
  const records = JSON.parse(JSON.stringify(sizedRecords(0, size))) as ReturnType<typeof sizedRecords>;
  const { ads, inventory, local_stock: localStock, metrics } = records;
  const adsById = new Map<string, Ad>(ads.map((ad) => [ad.id, ad]));
  const metricsBySku = new Map<string, SkuMetric>(metrics.map((metric) => [metric.sku, metric]));
  const candidates = ads.filter((ad) => ad.is_full && ad.sku !== null).sort((a, b) => (a.sku! < b.sku! ? -1 : 1));
  const work: Record<Calculator, () => unknown> = {
    replenishment: () =>
      Replenishment.computeReplenishment({ inventory, localStock, candidates, targetDays: 30, triggerDays: 14 }),
    overview: () => Overview.computeOverview(inventory, adsById, Time.DEFAULT_TIME_ZONE),
    inventory_list: () => InventoryList.buildInventoryList(inventory, adsById, metricsBySku, { sortBy: "coverage", alertsOnly: false }),
  };
  const result = {} as CoreTimings;
  for (const [name, run] of Object.entries(work) as [Calculator, () => unknown][]) {
    for (let i = 0; i < 2; i++) run(); // warm-up: compiled code, not the interpreter
    const walls: number[] = [];
    const cpus: number[] = [];
    for (let i = 0; i < runs; i++) {
      const cpuStart = cpuMs();
      walls.push(await timed(run));
      cpus.push(cpuMs() - cpuStart);
    }
    result[name] = { wallMs: median(walls), cpuMs: median(cpus) };
  }
  return result;
}
