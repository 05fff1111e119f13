import { z } from "zod";
import { Restock, Time } from "@fulfillment/core";

/** The dataset file of CONTRACTS section 3: one JSON object, each array one record kind. */

const text = z.string();
const nullableText = z.string().nullable();
const int = z.number().int();
/** Units in stock: a whole number, never negative. */
const count = int.min(0, { message: "Expected a whole number of units, 0 or more" });
const quantity = count.nullable().optional().transform((v) => v ?? null);
const optionalNumber = z.number().nullable().optional();
const isoTimestamp = z.string().refine((value) => !Number.isNaN(Date.parse(value)) || /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(value), {
  message: "Expected an ISO 8601 timestamp",
});
const day = z.string().refine(Time.isCalendarDate, { message: "Expected a date YYYY-MM-DD" });

const ad = z.object({
  id: text.min(1),
  title: nullableText.optional().transform((v) => v ?? null),
  thumbnail: nullableText.optional().transform((v) => v ?? null),
  permalink: nullableText.optional().transform((v) => v ?? null),
  cost: z.number().nullable().optional().transform((v) => v ?? null),
  sku: nullableText.optional().transform((v) => v ?? null),
  is_full: z.boolean().optional().default(false),
  sales_30d: int.nullable().optional().transform((v) => v ?? null),
  length_mm: optionalNumber,
  width_mm: optionalNumber,
  height_mm: optionalNumber,
})
  // A loaded sales figure is an import: it wins over the one the sync derives from the ledger until cleared.
  .transform((record) => (record.sales_30d === null ? record : { ...record, sales_30d_source: "import" as const }));

const inventory = z
  .object({
    inventory_id: text.min(1),
    ad_id: nullableText.optional().transform((v) => v ?? null),
    sku: nullableText.optional().transform((v) => v ?? null),
    variation_id: z.union([z.string(), int]).nullable().optional().transform((v) => v ?? null),
    available_qty: quantity,
    in_transit_qty: quantity,
    not_available_qty: quantity,
    total_qty: count.optional(),
    days_of_stock: z.number().nullable().optional().transform((v) => v ?? null),
    oldest_stock_days: int.nullable().optional().transform((v) => v ?? null),
    updated_at: isoTimestamp.nullable().optional().transform((v) => v ?? null),
    // The sync's first-in-first-out lots (oldest first) and the units no reception covers.
    fifo_lots: z.array(z.object({ day, units: int.positive() })).optional(),
    unknown_age_units: int.min(0).optional(),
  })
  .superRefine((record, context) => {
    const lots = record.fifo_lots ?? [];
    if (lots.some((lot, i) => i > 0 && lot.day < lots[i - 1]!.day)) {
      context.addIssue({ code: "custom", path: ["fifo_lots"], message: "Lots must be listed oldest first" });
    }
    if (record.fifo_lots === undefined && record.unknown_age_units === undefined) return;
    const covered = lots.reduce((sum, lot) => sum + lot.units, 0) + (record.unknown_age_units ?? 0);
    const available = Math.max(0, record.available_qty ?? 0);
    if (covered !== available) {
      context.addIssue({
        code: "custom",
        path: ["fifo_lots"],
        message: `Lot units plus unknown_age_units (${covered}) must equal available_qty (${available})`,
      });
    }
  })
  .transform((record) => ({
    ...record,
    total_qty: record.total_qty ?? (record.available_qty ?? 0) + (record.in_transit_qty ?? 0) + (record.not_available_qty ?? 0),
  }));

const dailyStock = z.object({
  inventory_id: text.min(1),
  day,
  available_qty: quantity,
  in_transit_qty: quantity,
  not_available_qty: quantity,
});

const localStock = z.object({
  sku: text.min(1),
  available: count,
  warehouse: nullableText.optional().transform((v) => v ?? undefined),
});

const metric = z.object({
  sku: text.min(1),
  storage_cost: z.number().nullable().optional().transform((v) => v ?? null),
  storage_risk_cost: z.number().nullable().optional().transform((v) => v ?? null),
  daily_storage_fee: optionalNumber,
  inbound_freight_cost: optionalNumber,
});

/** A day of the storage-cost ledger as the sync's cost step writes it: its inputs and its prices. */
const ledgerRow = z.object({
  sku: text.min(1),
  day,
  units: count,
  unit_volume_l: z.number().min(0).nullable(),
  ages: z.array(z.object({ age_days: int.min(0), units: int.positive() })),
  volume_l: z.number().min(0).nullable(),
  tariff_id: int.positive().nullable(),
  tariff_version: int.min(0).nullable(),
  daily_fee: z.number().min(0),
  aged_days_threshold: int.min(0).nullable(),
  aged_units: count,
  fee: z.number().min(0),
  surcharge: z.number().min(0),
  total: z.number().min(0),
});

const planning = z.object({
  sku: text.min(1).max(Restock.MAX_SKU_LENGTH),
  case_pack: int.min(1).max(Restock.MAX_CASE_PACK).nullable().optional().transform((v) => v ?? null),
  lead_time_days: int.min(0).max(Restock.MAX_LEAD_TIME_DAYS).nullable().optional().transform((v) => v ?? null),
  snooze_until: day.nullable().optional().transform((v) => v ?? null),
  updated_at: isoTimestamp.nullable().optional().transform((v) => v ?? null),
});

const tariff = z.object({
  id: int.positive().optional(),
  name: nullableText.optional().transform((v) => v ?? null),
  min_volume_l: z.number().min(0).nullable().optional().transform((v) => v ?? 0),
  max_volume_l: z.number().min(0).nullable().optional().transform((v) => v ?? null),
  // An explicit null is kept (SPEC 2.6 outputs null when unset); a missing fee is 0.
  daily_fee: z.number().min(0).nullable().optional().transform((v) => (v === undefined ? 0 : v)),
  inbound_fee: z.number().min(0).nullable().optional().transform((v) => (v === undefined ? 0 : v)),
  aged_days_threshold: int.min(0).nullable().optional().transform((v) => v || 90),
  aged_daily_factor: z.number().min(0).nullable().optional().transform((v) => v || 3.0),
  active: z.boolean().optional().default(true),
});

const setting = z.object({
  key: text.min(1),
  value: text,
  // A missing group is the same as null (counted as geral by the all-settings read).
  group: nullableText.optional().transform((v) => v ?? null),
  description: nullableText.optional().transform((v) => v ?? null),
});

const systemLog = z.object({
  id: int,
  timestamp: isoTimestamp,
  message: text,
  level: text,
  details: nullableText.optional().transform((v) => v ?? null),
  module: text,
});

const credential = z.object({
  provider: z.enum(["mercadolivre", "erp"]),
  access_token: text,
  refresh_token: text,
  user_id: z.union([z.string(), int]).nullable().optional(),
  expires_at: nullableText.optional(),
  updated_at: nullableText.optional(),
});

export const datasetSchema = z.object({
  ads: z.array(ad).optional(),
  inventory: z.array(inventory).optional(),
  daily_stock: z.array(dailyStock).optional(),
  local_stock: z.array(localStock).optional(),
  metrics: z.array(metric).optional(),
  storage_ledger: z.array(ledgerRow).optional(),
  planning: z.array(planning).optional(),
  tariffs: z.array(tariff).optional(),
  settings: z.array(setting).optional(),
  system_logs: z.array(systemLog).optional(),
  credentials: z.array(credential).optional(),
});

/** The record kinds that belong to one seller (storage/keys.ts `scoped`): each row may name its seller. */
export const SELLER_KINDS = ["ads", "inventory", "daily_stock", "metrics", "storage_ledger", "planning"] as const;
export type SellerKind = (typeof SELLER_KINDS)[number];

export type Dataset = z.output<typeof datasetSchema> & {
  /** Each row's `seller_id` as the file gave it, by kind and index (undefined: the only seller). Never stored. */
  seller_ids?: Partial<Record<SellerKind, (string | undefined)[]>>;
};

const SELLER_ID_CHARS = 64;

/** The `seller_id` of every row of a seller's record kinds, checked: a marketplace user id, as text or a number. */
function sellerIds(input: unknown, problems: string[]): Dataset["seller_ids"] {
  if (typeof input !== "object" || input === null) return undefined;
  const found: NonNullable<Dataset["seller_ids"]> = {};
  for (const kind of SELLER_KINDS) {
    const rows = (input as Record<string, unknown>)[kind];
    if (!Array.isArray(rows)) continue;
    const ids = rows.map((row, index) => {
      const value = typeof row === "object" && row !== null ? (row as Record<string, unknown>).seller_id : undefined;
      if (value === undefined || value === null) return undefined;
      const id = typeof value === "number" && Number.isInteger(value) && value > 0 ? String(value) : typeof value === "string" ? value.trim() : "";
      if (id === "" || id.length > SELLER_ID_CHARS) problems.push(`${kind}[${index}].seller_id: expected a seller's marketplace user id`);
      return id;
    });
    if (ids.some((id) => id !== undefined)) found[kind] = ids;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

export class DatasetError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid dataset:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "DatasetError";
  }
}

/** Validates a whole dataset; problems are named `array[index].field: reason`. */
export function parseDataset(input: unknown): Dataset {
  const result = datasetSchema.safeParse(input);
  const sellerProblems: string[] = [];
  const seller_ids = sellerIds(input, sellerProblems);
  if (result.success && sellerProblems.length === 0) return seller_ids ? { ...result.data, seller_ids } : result.data;
  if (result.success) throw new DatasetError(sellerProblems.slice(0, 50));
  const problems = result.error.issues.slice(0, 50).map((issue) => {
    const [array, index, ...field] = issue.path;
    const where =
      array === undefined
        ? "(file)"
        : index === undefined
          ? String(array)
          : `${String(array)}[${String(index)}]${field.length ? `.${field.map(String).join(".")}` : ""}`;
    return `${where}: ${issue.message}`;
  });
  throw new DatasetError([...problems, ...sellerProblems].slice(0, 50));
}
