import { randomBytes } from "node:crypto";
import { addDays, daysBetween, isCalendarDate } from "@fulfillment/core/time";
import type { SandboxNotifications } from "./notifications.js";
import { operationAnswer, recordAnswer } from "./operations.js";
import { isFull, itemBody, stockBody, type SandboxCatalog, type SandboxOperation } from "./seed.js";

/** The documented marketplace behaviour, request in, answer out; the HTTP glue lives in server.ts. */

export interface SandboxTokenPair {
  access_token: string;
  refresh_token: string;
  user_id: number;
  /** ISO 8601 instant the access token stops working. */
  expires_at: string;
}

export interface SandboxState {
  sellerId: number;
  clientId: string;
  clientSecret: string;
  accessTtlSeconds: number;
  now: () => number;
  catalog: SandboxCatalog;
  /** Access token → expiry (ms). Earlier tokens stay valid until they expire. */
  accessTokens: Map<string, number>;
  /** Only the newest refresh token is accepted. */
  refreshToken: string;
  current: SandboxTokenPair;
  scrolls: Map<string, { query: string; offset: number; expiresAt: number }>;
  nickname: string;
  /** Authorization codes issued by the authorization page: single use, short-lived, bound to their redirect_uri. */
  codes: Map<string, { redirectUri: string; expiresAt: number }>;
  /** Scans of the items search: scroll_id → the next offset. */
  itemScrolls: Map<string, { query: string; offset: number; expiresAt: number }>;
  /** What the marketplace sends the app for each change, and what it gave up sending. */
  notifications?: SandboxNotifications;
  /** Tells the app a resource of a topic changed. */
  notify?: (topic: string, resource: string) => void;
}

export interface SandboxRequest {
  method: string;
  pathname: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface SandboxAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const MULTIGET_MAX_IDS = 20;
export const OPERATIONS_MAX_DAYS = 60;
export const OPERATIONS_MAX_LIMIT = 1000;
/** The marketplace keeps operations for 12 months: older ones are never returned. */
export const OPERATIONS_RETENTION_DAYS = 365;
const SCROLL_TTL_MS = 5 * 60_000;
export const CODE_TTL_MS = 10 * 60_000;
export const ITEMS_SEARCH_MAX_LIMIT = 100;
export const ITEMS_SEARCH_MAX_OFFSET = 1000;

const OPERATION_TYPES = new Set([
  "inbound_reception",
  "fiscal_coverage_ajustment",
  "sale_confirmation",
  "sale_cancelation",
  "sale_delivery_cancelation",
  "sale_return",
  "withdrawal_reservation",
  "withdrawal_cancelation",
  "withdrawal_delivery",
  "withdrawal_discarded",
  "withdrawal_removal",
  "transfer_reservation",
  "transfer_ajustment",
  "transfer_delivery",
  "quarantine_reservation",
  "quarantine_restock",
  "lost_refund",
  "disposed_tained",
  "disposed_expired",
  "damaged_removal",
  "removal_reservation",
  "removal_completion",
  "stranded_disposal_removal",
  "adjustment",
  "identification_problem_remove",
  "identification_problem_add",
  "stock_audit",
]);

const token = (prefix: string): string => `${prefix}-${randomBytes(18).toString("hex")}`;

const apiError = (status: number, error: string, message: string): SandboxAnswer => ({
  status,
  body: { message, error, status, cause: [] },
});

const oauthError = (status: number, error: string, description: string): SandboxAnswer => ({
  status,
  body: { error_description: description, error, status, cause: [] },
});

/** Issues a new access token and a new refresh token; the previous refresh token stops working. */
export function issueTokens(state: Pick<SandboxState, "accessTtlSeconds" | "now" | "sellerId" | "accessTokens">, pair?: { access_token?: string; refresh_token?: string }): SandboxTokenPair {
  const accessToken = pair?.access_token ?? token("APP_USR");
  const expiresAt = state.now() + state.accessTtlSeconds * 1000;
  state.accessTokens.set(accessToken, expiresAt);
  return {
    access_token: accessToken,
    refresh_token: pair?.refresh_token ?? token("TG"),
    user_id: state.sellerId,
    expires_at: new Date(expiresAt).toISOString(),
  };
}

function authorized(state: SandboxState, request: SandboxRequest): boolean {
  const header = request.headers.authorization;
  const match = typeof header === "string" ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  const expiresAt = match ? state.accessTokens.get(match[1]!) : undefined;
  return expiresAt !== undefined && expiresAt > state.now();
}

function tokenAnswer(state: SandboxState, pair: SandboxTokenPair): SandboxAnswer {
  return {
    status: 200,
    body: {
      access_token: pair.access_token,
      token_type: "bearer",
      expires_in: state.accessTtlSeconds,
      scope: "offline_access read write",
      user_id: state.sellerId,
      refresh_token: pair.refresh_token,
    },
  };
}

/** A new pair becomes the current one: only its refresh token is accepted from now on. */
function issueCurrentPair(state: SandboxState): SandboxTokenPair {
  const pair = issueTokens(state);
  state.refreshToken = pair.refresh_token;
  state.current = pair;
  return pair;
}

/** POST /oauth/token: refresh_token and authorization_code grants (marketplace-api sections 4 and 7). */
function tokenGrant(state: SandboxState, request: SandboxRequest): SandboxAnswer {
  const type = String(request.headers["content-type"] ?? "");
  let form: URLSearchParams;
  if (type.includes("application/json")) {
    try {
      form = new URLSearchParams(Object.entries(JSON.parse(request.body) as Record<string, string>));
    } catch {
      return oauthError(400, "invalid_request", "body is not valid JSON");
    }
  } else {
    form = new URLSearchParams(request.body);
  }
  const grantType = form.get("grant_type");
  if (!grantType) return oauthError(400, "invalid_request", "grant_type is required");
  if (grantType !== "refresh_token" && grantType !== "authorization_code") {
    return oauthError(400, "unsupported_grant_type", `grant_type ${grantType} is not supported`);
  }
  if (form.get("client_id") !== state.clientId || form.get("client_secret") !== state.clientSecret) {
    return oauthError(401, "invalid_client", "invalid client_id or client_secret");
  }
  if (grantType === "authorization_code") {
    const code = form.get("code");
    if (!code) return oauthError(400, "invalid_request", "code is required");
    const issued = state.codes.get(code);
    // A code is single use: a second exchange, like an unknown or expired code, is invalid_grant.
    state.codes.delete(code);
    if (!issued || issued.expiresAt <= state.now()) return oauthError(400, "invalid_grant", "invalid_grant: the code is invalid, expired or already used");
    if (form.get("redirect_uri") !== issued.redirectUri) return oauthError(400, "invalid_grant", "invalid_grant: redirect_uri does not match the one of the authorization");
    return tokenAnswer(state, issueCurrentPair(state));
  }
  const presented = form.get("refresh_token");
  if (!presented) return oauthError(400, "invalid_request", "refresh_token is required");
  if (presented !== state.refreshToken) return oauthError(400, "invalid_grant", "invalid_grant: the refresh_token is invalid, expired or already used");
  return tokenAnswer(state, issueCurrentPair(state));
}

/**
 * GET /authorization: the page a seller approves the app on. The sandbox's seller approves at
 * once: the answer redirects to redirect_uri with a code and the state given.
 */
function authorizationPage(state: SandboxState, query: URLSearchParams): SandboxAnswer {
  if (query.get("response_type") !== "code") return apiError(400, "invalid_request", "response_type must be code");
  if (query.get("client_id") !== state.clientId) return apiError(400, "invalid_client", "Unknown client_id");
  const redirectUri = query.get("redirect_uri");
  let target: URL;
  try {
    target = new URL(redirectUri ?? "");
  } catch {
    return apiError(400, "invalid_request", "redirect_uri must be an absolute URL");
  }
  if (!/^https?:$/.test(target.protocol)) return apiError(400, "invalid_request", "redirect_uri must be an http(s) URL");
  const code = token("TG");
  state.codes.set(code, { redirectUri: redirectUri!, expiresAt: state.now() + CODE_TTL_MS });
  target.searchParams.set("code", code);
  const given = query.get("state");
  if (given !== null) target.searchParams.set("state", given);
  return { status: 302, body: { redirect: target.toString() }, headers: { location: target.toString() } };
}

function seller(state: SandboxState): SandboxAnswer {
  return {
    status: 200,
    body: { id: state.sellerId, nickname: state.nickname, site_id: "MLB", country_id: "BR", user_type: "normal", seller_reputation: { level_id: "5_green" } },
  };
}

/**
 * GET /users/{id}/items/search: ids of the seller's items, `logistic_type` filtered; offset and
 * limit up to offset 1,000, `search_type=scan` with `scroll_id` beyond (marketplace-api section 7).
 */
function itemsSearch(state: SandboxState, userId: string, query: URLSearchParams): SandboxAnswer {
  if (userId !== String(state.sellerId)) return apiError(403, "forbidden", `User ${state.sellerId} cannot access the items of user ${userId}`);
  const limitText = query.get("limit");
  const limit = limitText === null ? 50 : Number(limitText);
  if (!Number.isInteger(limit) || limit <= 0 || limit > ITEMS_SEARCH_MAX_LIMIT) {
    return apiError(400, "bad_request", `limit must be an integer from 1 to ${ITEMS_SEARCH_MAX_LIMIT}`);
  }
  const logisticType = query.get("logistic_type");
  const matching = [...state.catalog.items.values()]
    .filter((item) => logisticType === null || (logisticType === "fulfillment") === isFull(item))
    .map((item) => item.id)
    .concat(logisticType === null || logisticType === "fulfillment" ? state.catalog.listedOnly : []);
  const paging = { total: matching.length, limit };
  if (query.get("search_type") === "scan") {
    const signature = new URLSearchParams([...query].filter(([key]) => key !== "scroll_id").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
    let offset = 0;
    const scrollId = query.get("scroll_id");
    if (scrollId) {
      const cursor = state.itemScrolls.get(scrollId);
      if (!cursor || cursor.expiresAt <= state.now() || cursor.query !== signature) return apiError(400, "bad_request", "The scroll_id is invalid or expired");
      state.itemScrolls.delete(scrollId);
      offset = cursor.offset;
    }
    const next = token("scroll");
    state.itemScrolls.set(next, { query: signature, offset: offset + limit, expiresAt: state.now() + SCROLL_TTL_MS });
    return { status: 200, body: { seller_id: String(state.sellerId), results: matching.slice(offset, offset + limit), paging, scroll_id: next } };
  }
  const offsetText = query.get("offset");
  const offset = offsetText === null ? 0 : Number(offsetText);
  if (!Number.isInteger(offset) || offset < 0) return apiError(400, "bad_request", "offset must be a non-negative integer");
  if (offset + limit > ITEMS_SEARCH_MAX_OFFSET) {
    return apiError(400, "bad_request", `offset + limit over ${ITEMS_SEARCH_MAX_OFFSET}: use search_type=scan to read further`);
  }
  return { status: 200, body: { seller_id: String(state.sellerId), results: matching.slice(offset, offset + limit), paging: { ...paging, offset } } };
}

/** Keeps only the top-level fields listed in `attributes`, as the API does. */
function pick(body: Record<string, unknown>, attributes: string | null): Record<string, unknown> {
  if (!attributes) return body;
  const fields = attributes.split(",").map((field) => field.trim()).filter(Boolean);
  return Object.fromEntries(fields.filter((field) => field in body).map((field) => [field, body[field]]));
}

function itemAnswer(state: SandboxState, id: string, attributes: string | null): SandboxAnswer {
  if (!id.trim()) return apiError(400, "bad_request", "Invalid item id");
  const item = state.catalog.items.get(id);
  if (!item) return apiError(404, "not_found", `Item with id ${id} not found`);
  return { status: 200, body: pick(itemBody(item, state.catalog, state.sellerId), attributes) };
}

function multiget(state: SandboxState, query: URLSearchParams): SandboxAnswer {
  const ids = (query.get("ids") ?? "").split(",").map((id) => id.trim()).filter(Boolean);
  if (ids.length === 0) return apiError(400, "bad_request", "The parameter ids is required");
  if (ids.length > MULTIGET_MAX_IDS) return apiError(400, "bad_request", `Maximum of ${MULTIGET_MAX_IDS} ids per request exceeded`);
  const attributes = query.get("attributes");
  return {
    status: 200,
    body: ids.map((id) => {
      const answer = itemAnswer(state, id, attributes);
      return { code: answer.status, body: answer.body };
    }),
  };
}

function stock(state: SandboxState, inventoryId: string): SandboxAnswer {
  if (!/^[A-Za-z0-9_-]+$/.test(inventoryId)) return apiError(400, "validation_error", `Invalid inventory_id: ${inventoryId}`);
  const inventory = state.catalog.inventories.get(inventoryId);
  if (!inventory) return apiError(404, "seller_product_not_found", `Inventory not found with id: ${inventoryId}`);
  return { status: 200, body: stockBody(inventory) };
}

function operationsSearch(state: SandboxState, query: URLSearchParams): SandboxAnswer {
  const sellerId = query.get("seller_id");
  if (!sellerId) return apiError(400, "validation_error", "The field 'seller_id' is required");
  if (sellerId !== String(state.sellerId)) {
    return apiError(403, "forbidden", `User ${state.sellerId} cannot access to seller_product of seller ${sellerId}`);
  }
  const from = query.get("date_from");
  const to = query.get("date_to");
  if (!from || !to) return apiError(400, "validation_error", "The fields 'date_from' and 'date_to' are required");
  if (!isCalendarDate(from) || !isCalendarDate(to)) return apiError(400, "validation_error", "Dates must be written YYYY-MM-DD");
  if (daysBetween(from, to) <= 0) return apiError(400, "validation_error", "date_from must be before date_to");
  if (daysBetween(from, to) > OPERATIONS_MAX_DAYS) return apiError(400, "validation_error", `Date range can't be greater than "${OPERATIONS_MAX_DAYS}" days`);
  const type = query.get("type");
  if (type !== null && !OPERATION_TYPES.has(type.toLowerCase())) return apiError(400, "validation_error", `Invalid type: ${type}`);
  const limitText = query.get("limit");
  const limit = limitText === null ? OPERATIONS_MAX_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit <= 0 || limit > OPERATIONS_MAX_LIMIT) {
    return apiError(400, "validation_error", `limit must be an integer from 1 to ${OPERATIONS_MAX_LIMIT}`);
  }

  const signature = new URLSearchParams([...query].filter(([key]) => key !== "scroll").sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))).toString();
  let offset = 0;
  const scroll = query.get("scroll");
  if (scroll) {
    const cursor = state.scrolls.get(scroll);
    if (!cursor || cursor.expiresAt <= state.now() || cursor.query !== signature) {
      return apiError(400, "validation_error", "The scroll is invalid or expired");
    }
    state.scrolls.delete(scroll);
    offset = cursor.offset;
  }

  const kept = addDays(new Date(state.now()).toISOString().slice(0, 10), -(OPERATIONS_RETENTION_DAYS - 1));
  const inventoryIds = query.get("inventory_id")?.split(",").map((id) => id.trim()).filter(Boolean);
  const shipmentId = query.get("external_references.shipment_id");
  const matches = state.catalog.operations.filter((operation: SandboxOperation) => {
    const day = operation.date_created.slice(0, 10);
    return (
      day >= from &&
      day < to && // the API stops the day before date_to
      day >= kept &&
      (!inventoryIds || inventoryIds.includes(operation.inventory_id)) &&
      (type === null || operation.type === type.toUpperCase()) &&
      (!shipmentId || operation.external_references.some((ref) => ref.type === "shipment_id" && ref.value === shipmentId))
    );
  });
  const results = matches.slice(offset, offset + limit);
  let next: string | null = null;
  if (offset + limit < matches.length) {
    next = Buffer.from(`scroll-${randomBytes(9).toString("hex")}`).toString("base64");
    state.scrolls.set(next, { query: signature, offset: offset + limit, expiresAt: state.now() + SCROLL_TTL_MS });
  }
  return {
    status: 200,
    body: { paging: { total: matches.length, scroll: next }, results, filters: [], available_filters: [], sort: [], available_sorts: [] },
  };
}

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  auth: boolean;
  answer(state: SandboxState, request: SandboxRequest, params: string[]): SandboxAnswer;
}

const ROUTES: Route[] = [
  { method: "POST", pattern: /^\/oauth\/token$/, auth: false, answer: (state, request) => tokenGrant(state, request) },
  { method: "GET", pattern: /^\/authorization$/, auth: false, answer: (state, request) => authorizationPage(state, request.query) },
  { method: "GET", pattern: /^\/users\/me$/, auth: true, answer: (state) => seller(state) },
  { method: "GET", pattern: /^\/users\/([^/]+)\/items\/search$/, auth: true, answer: (state, request, [id]) => itemsSearch(state, id!, request.query) },
  { method: "GET", pattern: /^\/items$/, auth: true, answer: (state, request) => multiget(state, request.query) },
  { method: "GET", pattern: /^\/items\/([^/]*)$/, auth: true, answer: (state, request, [id]) => itemAnswer(state, id!, request.query.get("attributes")) },
  { method: "GET", pattern: /^\/inventories\/([^/]*)\/stock\/fulfillment$/, auth: true, answer: (state, _request, [id]) => stock(state, id!) },
  { method: "GET", pattern: /^\/stock\/fulfillment\/operations\/search$/, auth: true, answer: (state, request) => operationsSearch(state, request.query) },
  { method: "GET", pattern: /^\/stock\/fulfillment\/operations\/([^/]+)$/, auth: true, answer: (state, _request, [id]) => operationAnswer(state, id!) },
  {
    method: "GET",
    pattern: /^\/missed_feeds$/,
    auth: true,
    answer: (state, request) => state.notifications?.missedFeed(request.query) ?? { status: 200, body: { messages: [], total: 0 } },
  },
  // The sandbox's own: `npm run sandbox -- sale|reception <ad_id> <qty>` records an operation.
  { method: "POST", pattern: /^\/_sandbox\/operations$/, auth: false, answer: (state, request) => recordAnswer(state, request.body) },
];

export function answer(state: SandboxState, request: SandboxRequest): SandboxAnswer {
  for (const route of ROUTES) {
    const match = route.pattern.exec(request.pathname);
    if (!match) continue;
    if (request.method !== route.method) return apiError(405, "method_not_allowed", `${request.method} is not allowed on ${request.pathname}`);
    if (route.auth && !authorized(state, request)) return apiError(401, "unauthorized", "invalid access token");
    return route.answer(state, request, match.slice(1).map(decodeURIComponent));
  }
  return apiError(404, "not_found", `Resource ${request.pathname} not found`);
}
