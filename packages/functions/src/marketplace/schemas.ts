import * as z from "zod/mini";
import { MarketplacePayloadError } from "./errors.js";

const count = z.number();
const text = z.string();
const identifier = z.union([z.number(), z.string()]);
const maybe = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

const attribute = z.object({
  id: text,
  value_name: maybe(text),
  value_struct: maybe(z.object({ number: count, unit: maybe(text) })),
});

/** GET /items/{id}, or one multiget body, restricted to the fields the sync reads. */
export const itemSchema = z.object({
  id: text,
  seller_id: maybe(identifier),
  inventory_id: maybe(text),
  shipping: maybe(
    z.object({
      mode: maybe(text),
      logistic_type: maybe(text),
      dimensions: maybe(text),
      tags: maybe(z.array(text)),
    }),
  ),
  variations: maybe(z.array(z.object({ id: identifier, inventory_id: maybe(text) }))),
  attributes: maybe(z.array(attribute)),
  // What catalogue discovery stores on the ad.
  title: maybe(text),
  thumbnail: maybe(text),
  secure_thumbnail: maybe(text),
  permalink: maybe(text),
  seller_custom_field: maybe(text),
  // The listing's status (active, paused, closed): a notification of topic `items` stores it.
  status: maybe(text),
});
export type MarketplaceItem = z.infer<typeof itemSchema>;

/** GET /users/me: the seller the token belongs to. */
export const sellerSchema = z.object({
  id: identifier,
  nickname: maybe(text),
  site_id: maybe(text),
});
export type Seller = z.infer<typeof sellerSchema>;

/** GET /users/{id}/items/search: item ids, one page; `scroll_id` in scan mode. */
export const itemsSearchSchema = z.object({
  results: z.array(text),
  paging: maybe(z.object({ total: maybe(count), offset: maybe(count), limit: maybe(count) })),
  scroll_id: maybe(text),
});

/** GET /items?ids=: one `{code, body}` envelope per id; bodies are checked per entry. */
export const multigetSchema = z.array(z.object({ code: count, body: z.unknown() }));

const notAvailableDetail = z.array(z.object({ status: text, quantity: count }));

/** GET /inventories/{id}/stock/fulfillment */
export const fulfillmentStockSchema = z.object({
  inventory_id: maybe(text),
  total: maybe(count),
  available_quantity: count,
  not_available_quantity: maybe(count),
  not_available_detail: maybe(notAvailableDetail),
  external_references: maybe(z.array(z.object({ type: maybe(text), id: maybe(identifier), variation_id: maybe(identifier) }))),
});
export type FulfillmentStock = z.infer<typeof fulfillmentStockSchema>;

const stockChange = z.object({
  total: maybe(count),
  available_quantity: maybe(count),
  not_available_quantity: maybe(count),
  not_available_detail: maybe(notAvailableDetail),
});

export const stockOperationSchema = z.object({
  id: identifier,
  seller_id: maybe(identifier),
  inventory_id: text,
  date_created: text,
  type: text,
  detail: maybe(stockChange),
  result: maybe(stockChange),
  external_references: maybe(z.array(z.object({ type: text, value: maybe(identifier) }))),
});
export type StockOperation = z.infer<typeof stockOperationSchema>;

/** GET /stock/fulfillment/operations/search, one page. */
export const operationsPageSchema = z.object({
  paging: z.object({ total: maybe(count), scroll: maybe(text) }),
  results: z.array(stockOperationSchema),
});

/** One notification the marketplace gave up delivering (marketplace-api section 8). */
export const missedNotificationSchema = z.object({
  _id: maybe(text),
  resource: text,
  user_id: identifier,
  topic: text,
  application_id: identifier,
  attempts: maybe(count),
  sent: maybe(text),
  received: maybe(text),
});
export type MissedNotification = z.infer<typeof missedNotificationSchema>;

/** GET /missed_feeds?app_id=, one page. */
export const missedFeedsSchema = z.object({
  messages: z.array(missedNotificationSchema),
  total: maybe(count),
});

/** POST /oauth/token */
export const tokenResponseSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  token_type: maybe(text),
  expires_in: maybe(count),
  scope: maybe(text),
  user_id: maybe(identifier),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** Error bodies (`{status, error, message, cause}` or OAuth `{error, error_description}`), read loosely. */
export const errorBodySchema = z.object({
  error: maybe(text),
  message: maybe(text),
  error_description: maybe(text),
});

/** Parses a body or throws a MarketplacePayloadError naming the endpoint and the first bad field. */
export function parsePayload<T extends z.ZodMiniType>(schema: T, data: unknown, endpoint: string, prefix = ""): z.infer<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.infer<T>;
  const issue = result.error.issues[0];
  const path = [...(prefix ? [prefix] : []), ...(issue?.path ?? []).map(String)].join(".");
  const received = describe(valueAt(data, issue?.path ?? []));
  const problem =
    issue?.code === "invalid_type"
      ? `expected ${issue.expected}, got ${received}`
      : `${issue?.code ?? "invalid"} (got ${received})`;
  throw new MarketplacePayloadError(endpoint, path, problem);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (value === undefined) return "nothing";
  return typeof value;
}
