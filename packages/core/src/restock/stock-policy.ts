/**
 * The stock settings a restock plan follows (group `estoque`, SPEC 4.B): the default lead time and
 * the safety stock rule.
 *
 * Safety units, by `metodo_seguranca`, with m = `multiplicador_seguranca` (default 1.5),
 * v = velocity (units/day) and L = lead time (days):
 * - `auto` (default, and any value not listed here): ⌈m × √(v × L)⌉. Sales over the lead time are
 *   taken as a Poisson count, whose standard deviation is √(v × L); m standard deviations of
 *   cover (1.5 ≈ 93 % of lead times without a stockout).
 * - `dias`: ⌈m × v⌉, m days of sales.
 * - `fixo`: ⌈m⌉ units.
 * - `nenhum`: 0.
 * Example: v = 2/day, L = 15 days, m = 1.5 → auto ⌈1.5 × √30⌉ = ⌈8.22⌉ = 9 units; dias ⌈3⌉ = 3.
 */
import { SETTING_DEFAULTS, type SettingValue } from "../settings/defaults.js";
import { ceilUnits } from "./units.js";

export const SAFETY_METHODS = ["auto", "dias", "fixo", "nenhum"] as const;
export type SafetyMethod = (typeof SAFETY_METHODS)[number];

export interface StockPolicy {
  leadTimeDays: number;
  safetyMethod: SafetyMethod;
  safetyMultiplier: number;
}

const DEFAULTS = SETTING_DEFAULTS.estoque;
const DEFAULT_LEAD_TIME = DEFAULTS.lead_time_padrao as number;
const DEFAULT_MULTIPLIER = DEFAULTS.multiplicador_seguranca as number;

const isSafetyMethod = (value: unknown): value is SafetyMethod => (SAFETY_METHODS as readonly unknown[]).includes(value);

/**
 * The policy from the `estoque` group as GET /settings/estoque reads it. A value that did not
 * convert (stored text that is not a number) or makes no sense (a negative lead time) falls back
 * to its default.
 */
export function stockPolicy(estoque: Readonly<Record<string, SettingValue>>): StockPolicy {
  const lead = estoque.lead_time_padrao;
  const multiplier = estoque.multiplicador_seguranca;
  const method = typeof estoque.metodo_seguranca === "string" ? estoque.metodo_seguranca.trim().toLowerCase() : "";
  return {
    leadTimeDays: typeof lead === "number" && Number.isInteger(lead) && lead >= 0 ? lead : DEFAULT_LEAD_TIME,
    safetyMethod: isSafetyMethod(method) ? method : "auto",
    safetyMultiplier: typeof multiplier === "number" && Number.isFinite(multiplier) && multiplier >= 0 ? multiplier : DEFAULT_MULTIPLIER,
  };
}

/** Safety units for a velocity and lead time under the policy (formula above). */
export function safetyUnits(policy: Pick<StockPolicy, "safetyMethod" | "safetyMultiplier">, velocity: number, leadTimeDays: number): number {
  const m = policy.safetyMultiplier;
  switch (policy.safetyMethod) {
    case "nenhum":
      return 0;
    case "fixo":
      return ceilUnits(m);
    case "dias":
      return ceilUnits(m * velocity);
    case "auto":
      return ceilUnits(m * Math.sqrt(Math.max(0, velocity * leadTimeDays)));
  }
}
