/** The requests of the /alerts routes: query filters and the subscription body, validated. */
import * as z from "zod/mini";
import { Alerts } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { isJsonObject, parseJsonBody } from "./request.js";
import { wholeNumberParam } from "./report-query.js";
import { CHANNELS, DELIVERY_MODES, PAYLOAD_FORMATS } from "#storage/alerts/subscriptions";

export const DEFAULT_EVENTS_LIMIT = 100;
export const MAX_EVENTS_LIMIT = 1000;
export const MAX_SKU_FILTER = 200;

const KINDS_TEXT = Alerts.ALERT_KINDS.join(", ");

/** kind and sku filters of GET /alerts and GET /alerts/events. */
export function alertFilters(query: Record<string, string>): { kind?: Alerts.AlertKind; sku?: string } {
  const kind = query.kind?.trim();
  if (kind !== undefined && kind !== "" && !Alerts.isAlertKind(kind)) throw new InvalidInputError(`kind must be one of ${KINDS_TEXT}, not ${JSON.stringify(kind.slice(0, 40))}`);
  const sku = query.sku;
  if (sku !== undefined && sku.length > MAX_SKU_FILTER) throw new InvalidInputError(`sku must be at most ${MAX_SKU_FILTER} characters`);
  return { ...(kind ? { kind: kind as Alerts.AlertKind } : {}), ...(sku !== undefined && sku !== "" ? { sku } : {}) };
}

export const eventsLimit = (query: Record<string, string>): number => wholeNumberParam(query, "limit", { min: 1, max: MAX_EVENTS_LIMIT, fallback: DEFAULT_EVENTS_LIMIT });

const oneOf = <T extends string>(values: readonly T[], name: string) => z.enum(values as unknown as [T, ...T[]], { error: `${name} must be one of ${values.join(", ")}` });

/** POST /alerts/subscriptions. */
export const subscriptionBody = z.strictObject({
  channel: oneOf(CHANNELS, "channel"),
  target: z.string({ error: "target must be text: an https URL or an e-mail address" }),
  kinds: z.optional(z.array(oneOf(Alerts.ALERT_KINDS, "each of kinds")).check(z.minLength(1, { error: `kinds must name at least one of ${KINDS_TEXT}` }))),
  min_severity: z.optional(oneOf(Alerts.SEVERITIES, "min_severity")),
  delivery: z.optional(oneOf(DELIVERY_MODES, "delivery")),
  digest_hour: z.optional(z.nullable(z.int({ error: "digest_hour must be a whole hour from 0 to 23" }).check(z.minimum(0, { error: "digest_hour must be a whole hour from 0 to 23" }), z.maximum(23, { error: "digest_hour must be a whole hour from 0 to 23" })))),
  format: z.optional(oneOf(PAYLOAD_FORMATS, "format")),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

export function readSubscriptionBody(body: string | undefined): SubscriptionBody {
  const input = parseJsonBody(body);
  if (!isJsonObject(input)) throw new InvalidInputError("The body must be a JSON object with channel and target");
  const result = subscriptionBody.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    if (issue.code === "unrecognized_keys") throw new InvalidInputError(`Unknown field ${issue.keys.map((key) => JSON.stringify(key.slice(0, 40))).join(", ")}`);
    const path = issue.path.map(String).join(".");
    throw new InvalidInputError(issue.message.startsWith(path.split(".")[0] ?? "") || path === "" ? issue.message : `${path}: ${issue.message}`);
  }
  return result.data;
}

/** The subscription id of the path. */
export function subscriptionId(pathParameters: Record<string, string>): string {
  const id = pathParameters.id ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new InvalidInputError("The subscription id in the path is not one this service gives");
  return id;
}
