/** Per-SKU planning parameters of the restock plan: case pack, lead-time override and snooze. */

export interface SkuPlanning {
  sku: string;
  /** Units per case: quantities are rounded up to whole cases. Null: no case pack. */
  case_pack: number | null;
  /** Days from shipping to units available in Full for this SKU; null: the setting estoque.lead_time_padrao. */
  lead_time_days: number | null;
  /** The SKU's line is snoozed through this day (YYYY-MM-DD) inclusive; null: not snoozed. */
  snooze_until: string | null;
  /** ISO 8601 instant of the last change; null when loaded without one. */
  updated_at?: string | null;
}

/** The planning fields a request or a dataset record may set. */
export type PlanningFields = Omit<SkuPlanning, "sku" | "updated_at">;

export const PLANNING_FIELDS = ["case_pack", "lead_time_days", "snooze_until"] as const satisfies readonly (keyof PlanningFields)[];

export const MAX_CASE_PACK = 10_000;
export const MAX_LEAD_TIME_DAYS = 365;
/** DynamoDB refuses sort keys over 1,024 bytes; a SKU is far shorter. */
export const MAX_SKU_LENGTH = 200;

/** No parameter set: what a SKU without a stored record plans with. */
export const noPlanning = (sku: string): SkuPlanning => ({ sku, case_pack: null, lead_time_days: null, snooze_until: null });

/** Snoozed while today is on or before snooze_until: the line comes back the day after. */
export const isSnoozed = (planning: Pick<SkuPlanning, "snooze_until"> | undefined, today: string): boolean =>
  typeof planning?.snooze_until === "string" && planning.snooze_until >= today;
