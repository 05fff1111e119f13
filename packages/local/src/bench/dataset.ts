/**
 * Benchmark data in the dataset file format (CONTRACTS section 3). Record i of every sized kind
 * depends only on i, so the records of size N are exactly records [0, N) and a table can be grown
 * from one size to the next by loading the slice between them.
 */
import type { Ad, Credential, DailyStockRow, InventoryRecord, LocalStockRow, SettingEntry, SkuMetric, SystemLogEntry, Tariff } from "@fulfillment/core";
import { Time } from "@fulfillment/core";

export interface SizedRecords {
  ads: Ad[];
  inventory: InventoryRecord[];
  local_stock: LocalStockRow[];
  metrics: SkuMetric[];
}

export interface FixedRecords {
  daily_stock: DailyStockRow[];
  tariffs: Tariff[];
  settings: SettingEntry[];
  system_logs: SystemLogEntry[];
  credentials: Credential[];
}

/** The ad the detail endpoint is measured on, and the days of daily rows it has. */
export const VIEWED_INDEX = 0;
export const DAILY_DAYS = 60;
export const HISTORY_ENTRIES = 400;

export const adId = (i: number): string => `MLB${String(4_000_000_000 + i)}`;
export const inventoryId = (i: number): string => `INV${String(i).padStart(8, "0")}`;
export const skuOf = (i: number): string => `SKU-${String(i).padStart(6, "0")}`;

/** A stable pseudo-random integer in [0, max] for (i, salt). */
function hashInt(i: number, salt: number, max: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 1, 0xc2b2ae35);
  h ^= h >>> 13;
  h = Math.imul(h, 0x27d4eb2f);
  h ^= h >>> 16;
  return (h >>> 0) % (max + 1);
}

/** Every 50th ad left Full after its inventory record was stored: its record still names it. */
export const isLeftover = (i: number): boolean => i % 50 === 49;

function adAt(i: number): Ad {
  return {
    id: adId(i),
    title: `Produto de teste ${i} - kit com acessórios`,
    thumbnail: `https://http2.mlstatic.com/D_${i}-I.jpg`,
    permalink: `https://produto.mercadolivre.com.br/${adId(i)}`,
    cost: i % 7 === 0 ? null : (500 + hashInt(i, 1, 49_500)) / 100,
    sku: skuOf(i),
    is_full: !isLeftover(i),
    sales_30d: i % 6 === 0 ? 0 : hashInt(i, 2, 150),
    length_mm: 100 + hashInt(i, 3, 400),
    width_mm: 80 + hashInt(i, 4, 300),
    height_mm: 20 + hashInt(i, 5, 200),
  };
}

function inventoryAt(i: number, updatedAt: string): InventoryRecord {
  const available = hashInt(i, 6, 300);
  const inTransit = hashInt(i, 7, 40);
  const notAvailable = hashInt(i, 8, 10);
  const sales = adAt(i).sales_30d ?? 0;
  return {
    inventory_id: inventoryId(i),
    ad_id: adId(i),
    sku: skuOf(i),
    variation_id: i % 3 === 0 ? null : 180_000_000_000 + i,
    available_qty: available,
    in_transit_qty: inTransit,
    not_available_qty: notAvailable,
    total_qty: available + inTransit + notAvailable,
    days_of_stock: sales > 0 ? Math.round((available / (sales / 30)) * 10) / 10 : null,
    oldest_stock_days: available > 0 ? hashInt(i, 9, 240) : null,
    updated_at: updatedAt,
  };
}

/**
 * Records [from, to): one ad, inventory record and metric per index; 1.5 local stock rows per
 * index. `stockOnly` leaves out local stock and metrics (what the overview does not read).
 */
export function sizedRecords(from: number, to: number, updatedAt = "2025-06-01T09:00:00.000Z", { stockOnly = false } = {}): SizedRecords {
  const out: SizedRecords = { ads: [], inventory: [], local_stock: [], metrics: [] };
  for (let i = from; i < to; i++) {
    out.ads.push(adAt(i));
    out.inventory.push(inventoryAt(i, updatedAt));
    if (stockOnly) continue;
    out.local_stock.push({ sku: skuOf(i), available: hashInt(i, 10, 500), warehouse: "CD-SP" });
    if (i % 2 === 0) out.local_stock.push({ sku: skuOf(i), available: hashInt(i, 11, 200), warehouse: "CD-MG" });
    out.metrics.push({
      sku: skuOf(i),
      storage_cost: hashInt(i, 12, 900) / 100,
      storage_risk_cost: i % 4 === 0 ? 0 : hashInt(i, 13, 300) / 100,
      daily_storage_fee: 0.07,
      inbound_freight_cost: 1.2,
    });
  }
  return out;
}

/** Records every size shares: the viewed ad's daily rows, tariffs, settings, forecasting logs. */
export function fixedRecords(today: string): FixedRecords {
  const viewed = inventoryId(VIEWED_INDEX);
  const daily_stock = Array.from({ length: DAILY_DAYS }, (_, d) => ({
    inventory_id: viewed,
    day: Time.addDays(today, d - (DAILY_DAYS - 1)),
    available_qty: 100 + d,
    in_transit_qty: d % 5,
    not_available_qty: d % 3,
  }));
  const tariffs = Array.from({ length: 8 }, (_, t): Tariff => ({
    id: t + 1,
    name: `Faixa ${t + 1}`,
    min_volume_l: t * 5,
    max_volume_l: t === 7 ? null : (t + 1) * 5,
    daily_fee: 0.01 * (t + 1),
    inbound_fee: 0.5 * (t + 1),
    aged_days_threshold: 90,
    aged_daily_factor: 3,
    active: true,
  }));
  const settings: SettingEntry[] = [
    { key: "fuso_horario", value: "America/Sao_Paulo", group: "geral", description: null },
    { key: "empresa_nome", value: "Loja Benchmark", group: "geral", description: null },
    { key: "estoque_minimo_dias", value: "15", group: "estoque", description: null },
  ];
  const system_logs = Array.from({ length: HISTORY_ENTRIES }, (_, n): SystemLogEntry => ({
    id: n + 1,
    timestamp: `${Time.addDays(today, -Math.floor(n / 20))}T${String(n % 20).padStart(2, "0")}:15:00`,
    message: `Previsão recalculada para o lote ${n}`,
    level: n % 17 === 0 ? "WARNING" : "INFO",
    details: JSON.stringify({ skus: n % 50, duration_ms: 100 + n }),
    module: n % 4 === 3 ? "sync" : "core_ai",
  }));
  return { daily_stock, tariffs, settings, system_logs, credentials: [] };
}
