/** PUT /full/skus/{sku}/planning: the SKU of the path and the fields of the body, validated. */
import * as z from "zod/mini";
import { Restock, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { parseJsonBody } from "./request.js";

const FIELD_LIST = Restock.PLANNING_FIELDS.join(", ");

const CASE_PACK = `must be a whole number of units from 1 to ${Restock.MAX_CASE_PACK}, or null`;
const LEAD_TIME = `must be a whole number of days from 0 to ${Restock.MAX_LEAD_TIME_DAYS}, or null`;
const DAY = "must be a date written YYYY-MM-DD, or null";

/** The body: any of the fields, null clearing one; nothing else. */
export const planningBody = z.strictObject({
  case_pack: z.optional(z.nullable(z.int({ error: CASE_PACK }).check(z.minimum(1, { error: CASE_PACK }), z.maximum(Restock.MAX_CASE_PACK, { error: CASE_PACK })))),
  lead_time_days: z.optional(
    z.nullable(z.int({ error: LEAD_TIME }).check(z.minimum(0, { error: LEAD_TIME }), z.maximum(Restock.MAX_LEAD_TIME_DAYS, { error: LEAD_TIME }))),
  ),
  snooze_until: z.optional(z.nullable(z.iso.date({ error: DAY }).check(z.refine(Time.isCalendarDate, { error: DAY })))),
});

/** The SKU of the path: not blank, and short enough to be a key. */
export function planningSku(pathParameters: Record<string, string>): string {
  const sku = pathParameters.sku ?? "";
  if (sku.trim() === "") throw new InvalidInputError("The SKU in the path must not be blank");
  if (sku.length > Restock.MAX_SKU_LENGTH) throw new InvalidInputError(`The SKU in the path is longer than ${Restock.MAX_SKU_LENGTH} characters`);
  return sku;
}

/** The fields to change; a body that is not such an object is refused with the field at fault named. */
export function planningChange(body: string | undefined): Partial<Restock.PlanningFields> {
  const input = parseJsonBody(body);
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new InvalidInputError(`The body must be a JSON object with any of ${FIELD_LIST}`);
  }
  const result = planningBody.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.code === "unrecognized_keys") {
      throw new InvalidInputError(`Unknown field ${issue.keys.map((key) => JSON.stringify(key.slice(0, 40))).join(", ")}: the fields are ${FIELD_LIST}`);
    }
    throw new InvalidInputError(`${issue.path.map(String).join(".") || "body"} ${issue.message}`);
  }
  const change = result.data;
  if (Restock.PLANNING_FIELDS.every((field) => change[field] === undefined)) throw new InvalidInputError(`Nothing to change: give any of ${FIELD_LIST}`);
  return change;
}
