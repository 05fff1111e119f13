/**
 * Demo dataset of a Brazilian seller that stores most of its catalogue in Mercado Livre Full.
 * The output follows the dataset file format (CONTRACTS section 3) and is fully determined by
 * `seed` and `today`: every random choice comes from one seeded sequence, drawn collection by
 * collection in the order below. Figures the sync derives (stock figures, ages and lots, costs,
 * the ledger) come from the core's rules.
 */
import type { Ad, Credential, DailyStockRow, InventoryRecord, LocalStockRow, Restock, SettingEntry, SkuMetric, StorageLedger, SystemLogEntry, Tariff } from "@fulfillment/core";
import { Time } from "@fulfillment/core";
import { seededDraws } from "../random.js";
import { demoAds } from "./ads.js";
import { demoDailyStock } from "./daily-stock.js";
import { demoInventory, syncedAt } from "./inventory.js";
import { demoLedger } from "./ledger.js";
import { demoLocalStock } from "./local-stock.js";
import { addFifoLots, receptionsByInventory } from "./lots.js";
import { demoMetrics } from "./metrics.js";
import { demoPlanning } from "./planning.js";
import { demoSettings } from "./settings.js";
import { demoSystemLogs } from "./system-logs.js";
import { demoTariffs } from "./tariffs.js";

export { DEMO_HISTORY_DAYS } from "./daily-stock.js";
export { DEMO_LOG_DAYS } from "./system-logs.js";

export interface DemoDataset {
  ads: Ad[];
  inventory: InventoryRecord[];
  daily_stock: DailyStockRow[];
  local_stock: LocalStockRow[];
  metrics: SkuMetric[];
  storage_ledger: StorageLedger.LedgerRow[];
  planning: Restock.SkuPlanning[];
  tariffs: Tariff[];
  settings: SettingEntry[];
  system_logs: SystemLogEntry[];
  credentials: Credential[];
}

export interface DemoOptions {
  /** Business-calendar day the data is anchored to (YYYY-MM-DD). Default: the current day in America/Sao_Paulo. */
  today?: string;
  /** Seed of the pseudo-random generator. */
  seed?: number;
  /**
   * The moment the data is loaded: history entries later than it are left out, so the engine's
   * history ends before "now". Default: the current time when `today` is not given, else none.
   */
  now?: Date;
}

export const DEFAULT_DEMO_SEED = 20250;

/** The sandbox marketplace's initial pair: the demo stores it, so a sync works without connecting. */
const CREDENTIALS: readonly Credential[] = [
  { provider: "mercadolivre", access_token: "APP_USR-sandbox-initial", refresh_token: "TG-sandbox-initial", user_id: 123456789 },
];

export function generateDemoDataset(options: DemoOptions = {}): DemoDataset {
  const now = options.now ?? (options.today === undefined ? new Date() : undefined);
  const today = options.today ?? Time.calendarDay(Time.DEFAULT_TIME_ZONE, now!);
  if (!Time.isCalendarDate(today)) throw new Error(`today must be a calendar date YYYY-MM-DD, got ${String(today)}`);
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  if (!Number.isFinite(seed)) throw new Error(`seed must be a finite number, got ${String(seed)}`);
  const draws = seededDraws(Math.trunc(seed));

  const ads = demoAds(draws, today);
  const synced = syncedAt(today, now);
  const units = demoInventory(draws, ads, synced);
  const inventory = units.map((unit) => unit.record);
  const daily_stock = demoDailyStock(draws, units, today);
  const local_stock = demoLocalStock(draws);
  const receptions = receptionsByInventory(inventory, today);
  addFifoLots(inventory, receptions, today);
  const tariffs = demoTariffs();
  const metrics = demoMetrics(ads, inventory, tariffs, synced);
  const storage_ledger = demoLedger({ ads, inventory, dailyStock: daily_stock, tariffs, receptions });
  const settings = demoSettings();
  const planning = demoPlanning({ today, ads, inventory, daily_stock, local_stock, settings });
  const system_logs = demoSystemLogs(draws, today, ads.filter((ad) => ad.is_full).length, ads.length, inventory.length, now);

  return {
    ads,
    inventory,
    daily_stock,
    local_stock,
    metrics,
    storage_ledger,
    planning,
    tariffs,
    settings,
    system_logs,
    credentials: CREDENTIALS.map((credential) => ({ ...credential })),
  };
}
