/**
 * The per-SKU planning form of the restock plan (PUT /full/skus/{sku}/planning): drafts from a
 * plan line, and a body with only what the person changed (an emptied field clears it: null).
 * Values are sent as typed when they are not whole numbers, so the API's own check answers.
 */
import type { Schema } from "@fulfillment/client";
import type { RestockLine } from "./restock-view.js";
import { numberValue } from "./tariff-form.js";

/** The planning fields as typed (lead time: the SKU's override or the default `estoque.lead_time_padrao`). */
export type PlanningDraft = Record<keyof Schema<"SkuPlanningBody">, string>;

export const PLANNING_LABELS: Record<keyof PlanningDraft, string> = {
  case_pack: "Unidades por caixa",
  lead_time_days: "Prazo até o Full (dias)",
  snooze_until: "Adiar até",
};

const text = (value: number | string | null): string => (value === null ? "" : String(value));

export function planningDraft(line: Pick<RestockLine, "case_pack" | "lead_time_days" | "snooze_until">): PlanningDraft {
  return { case_pack: text(line.case_pack), lead_time_days: text(line.lead_time_days), snooze_until: text(line.snooze_until) };
}

/** The fields that differ from the line's draft; null for a field emptied. Empty when nothing changed. */
export function planningBody(draft: PlanningDraft, original: PlanningDraft): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of ["case_pack", "lead_time_days"] as const) {
    if (draft[field].trim() !== original[field]) body[field] = numberValue(draft[field]);
  }
  if (draft.snooze_until.trim() !== original.snooze_until) body.snooze_until = draft.snooze_until.trim() === "" ? null : draft.snooze_until.trim();
  return body;
}
