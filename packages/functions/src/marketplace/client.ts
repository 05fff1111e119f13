import pLimit from "p-limit";
import { addDays, daysBetween, isCalendarDate } from "@fulfillment/core/time";
import { MarketplaceError } from "../errors.js";
import {
  MarketplaceAuthError,
  MarketplaceHttpError,
  MarketplaceNetworkError,
  MarketplacePayloadError,
  type NetworkFailure,
} from "./errors.js";
import { marketplaceTally } from "../observability/metrics.js";
import { backoffDelay, isRetryableStatus, sleep, type BackoffPolicy } from "./retry.js";
import {
  errorBodySchema,
  fulfillmentStockSchema,
  itemSchema,
  itemsSearchSchema,
  multigetSchema,
  operationsPageSchema,
  parsePayload,
  sellerSchema,
  tokenResponseSchema,
  type FulfillmentStock,
  type MarketplaceItem,
  type Seller,
  type StockOperation,
  type TokenResponse,
} from "./schemas.js";

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  user_id?: string | number | null;
}

/** Where the `mercadolivre` credential lives; refresh tokens are single use, so `save` must finish before the new pair is used. */
export interface TokenStore {
  load(): Promise<TokenPair>;
  save(pair: { access_token: string; refresh_token: string; expires_at?: string; user_id?: string | number | null }): Promise<void>;
}

export interface MarketplaceClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  clientId: string;
  clientSecret: string;
  /** Per request, body included. */
  timeoutMs?: number;
  /** Retries after the first attempt on 429, 5xx, network errors and timeouts. */
  maxRetries?: number;
  /** Requests in flight at once. */
  concurrency?: number;
  fetch?: typeof globalThis.fetch;
  /** First backoff ceiling; doubles per retry up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Cap on a server-requested Retry-After wait. */
  retryAfterMaxMs?: number;
  random?: () => number;
  now?: () => number;
  /** Waits between attempts. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ItemFailure {
  id: string;
  /** HTTP status of the entry or of the call; null without an answer. */
  status: number | null;
  code: string | null;
  error: string;
  /** The failure of the whole call, when the batch got no usable answer (unreachable, 5xx, malformed). */
  cause?: MarketplaceError;
}

export interface ItemsResult {
  /** In the order of the ids asked for. */
  items: MarketplaceItem[];
  failed: ItemFailure[];
}

export interface OperationsQuery {
  sellerId: string | number;
  /** Omitted: every inventory of the seller. Empty: nothing to search. */
  inventoryIds?: readonly string[];
  /** YYYY-MM-DD, included. */
  dateFrom: string;
  /** YYYY-MM-DD, excluded (the API stops the day before). Ranges over 60 days are split. */
  dateTo: string;
  type?: string;
  limit?: number;
}

export interface MarketplaceClient {
  getItems(ids: readonly string[]): Promise<ItemsResult>;
  /** Ids of the seller's Full listings (`logistic_type=fulfillment`), offset pages up to 1,000, a scan beyond. */
  listFullItemIds(sellerId: string | number): Promise<string[]>;
  /** The seller the stored token belongs to (GET /users/me). */
  getSeller(): Promise<Seller>;
  /** Trades an authorization code for a token pair (`grant_type=authorization_code`); needs no stored token. */
  exchangeAuthorizationCode(code: string, redirectUri: string): Promise<TokenResponse>;
  getStock(inventoryId: string): Promise<FulfillmentStock>;
  searchOperations(query: OperationsQuery): Promise<StockOperation[]>;
  /** HTTP requests sent so far, retries and token refreshes included. */
  callCount(): number;
}

export const MULTIGET_MAX_IDS = 20;
export const ITEM_ATTRIBUTES = "id,inventory_id,shipping,variations,attributes,title,thumbnail,secure_thumbnail,permalink,seller_custom_field";
/** Items search: at most 100 ids a page; offsets work up to 1,000, a scan (scroll_id) goes further. */
export const ITEMS_SEARCH_PAGE = 100;
export const ITEMS_SEARCH_OFFSET_LIMIT = 1000;
export const OPERATIONS_MAX_DAYS = 60;
export const OPERATIONS_MAX_LIMIT = 1000;
/** Keeps the search URL short when many inventories are asked for at once. */
const INVENTORY_IDS_PER_SEARCH = 50;
const MAX_DETAIL_CHARS = 200;

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

type Outcome = { response: RawResponse } | { failure: { reason: NetworkFailure; detail: string } };

const enc = encodeURIComponent;

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const host = hostOf(baseUrl);
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxRetries = options.maxRetries ?? 4;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const wait = options.sleep ?? sleep;
  const inFlight = pLimit(options.concurrency ?? 8);
  const backoff: BackoffPolicy = {
    baseMs: options.backoffBaseMs ?? 250,
    maxMs: options.backoffMaxMs ?? 8000,
    retryAfterMaxMs: options.retryAfterMaxMs ?? 30_000,
    random: options.random ?? Math.random,
    now,
  };
  let calls = 0;
  let current: TokenPair | undefined;
  let loading: Promise<TokenPair> | undefined;
  let refreshing: Promise<string> | undefined;

  /** Removes anything secret from text that came back from the API. */
  function redact(text: string): string {
    let clean = text;
    for (const secret of [options.clientSecret, current?.access_token, current?.refresh_token]) {
      if (secret && secret.length >= 4) clean = clean.split(secret).join("[redacted]");
    }
    return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS)}…` : clean;
  }

  async function once(url: string, init: RequestInit): Promise<Outcome> {
    return inFlight(async () => {
      calls += 1;
      marketplaceTally.call();
      try {
        const response = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
        return { response: { status: response.status, headers: response.headers, text: await response.text() } };
      } catch (error) {
        return { failure: failureOf(error, timeoutMs) };
      }
    });
  }

  /** Sends until the answer is final: not 429/5xx/no answer, or out of retries (then the last answer, or a network error). */
  async function withRetries(endpoint: string, url: string, init: RequestInit): Promise<RawResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const outcome = await once(url, init);
      if ("response" in outcome && !isRetryableStatus(outcome.response.status)) return outcome.response;
      if ("response" in outcome && outcome.response.status === 429) marketplaceTally.throttled();
      if (attempt >= maxRetries) {
        if ("response" in outcome) return outcome.response;
        throw new MarketplaceNetworkError(endpoint, outcome.failure.reason, host, outcome.failure.detail);
      }
      const retryAfter = "response" in outcome ? outcome.response.headers.get("retry-after") : null;
      marketplaceTally.retry();
      await wait(backoffDelay(backoff, attempt, retryAfter));
    }
  }

  function httpError(endpoint: string, response: RawResponse, auth = false): MarketplaceHttpError {
    let code: string | null = null;
    let detail: string | undefined;
    try {
      const body = errorBodySchema.safeParse(JSON.parse(response.text));
      if (body.success) {
        code = body.data.error ?? null;
        const message = body.data.message ?? body.data.error_description;
        detail = message ? redact(message) : undefined;
      }
    } catch {
      // Not JSON: the status alone says enough.
    }
    if (code) code = redact(code);
    return auth ? new MarketplaceAuthError(endpoint, response.status, code, detail) : new MarketplaceHttpError(endpoint, response.status, code, detail);
  }

  function json(endpoint: string, response: RawResponse): unknown {
    try {
      return JSON.parse(response.text);
    } catch {
      throw new MarketplacePayloadError(endpoint, "", "body is not JSON");
    }
  }

  async function accessToken(): Promise<string> {
    if (!current) {
      loading ??= options.tokens.load().finally(() => {
        loading = undefined;
      });
      current = await loading;
    }
    return current.access_token;
  }

  /** POST /oauth/token with the app's credentials and one grant. */
  async function tokenGrant(grant: Record<string, string>): Promise<TokenResponse> {
    const endpoint = "POST /oauth/token";
    const body = new URLSearchParams({ ...grant, client_id: options.clientId, client_secret: options.clientSecret }).toString();
    const response = await withRetries(endpoint, `${baseUrl}/oauth/token`, {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    if (response.status < 200 || response.status >= 300) throw httpError(endpoint, response, !isRetryableStatus(response.status));
    return parsePayload(tokenResponseSchema, json(endpoint, response), endpoint);
  }

  const requestNewPair = (refreshToken: string): Promise<TokenResponse> => tokenGrant({ grant_type: "refresh_token", refresh_token: refreshToken });

  /** One refresh for every request that saw `rejected` answered with 401 (refresh tokens are single use). */
  function refreshAfter(rejected: string): Promise<string> {
    if (refreshing) return refreshing;
    if (current && current.access_token !== rejected) return Promise.resolve(current.access_token);
    refreshing = (async () => {
      const stored = await options.tokens.load();
      // Another process may have refreshed already: its pair is the one to use.
      if (stored.access_token !== rejected) {
        current = stored;
        return stored.access_token;
      }
      const fresh = await requestNewPair(stored.refresh_token);
      const pair = {
        access_token: fresh.access_token,
        refresh_token: fresh.refresh_token,
        user_id: fresh.user_id ?? stored.user_id ?? null,
        ...(typeof fresh.expires_in === "number" ? { expires_at: new Date(now() + fresh.expires_in * 1000).toISOString() } : {}),
      };
      await options.tokens.save(pair);
      current = pair;
      return pair.access_token;
    })().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  }

  /** GET with the Bearer token: on 401 one shared refresh and one more try. */
  async function get(endpoint: string, pathAndQuery: string): Promise<unknown> {
    const url = `${baseUrl}${pathAndQuery}`;
    let token = await accessToken();
    let refreshed = false;
    for (;;) {
      const response = await withRetries(endpoint, url, {
        method: "GET",
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (response.status === 401) {
        if (refreshed) throw httpError(endpoint, response, true);
        token = await refreshAfter(token);
        refreshed = true;
        continue;
      }
      if (response.status < 200 || response.status >= 300) throw httpError(endpoint, response);
      return json(endpoint, response);
    }
  }

  async function getItemBatch(batch: readonly string[]): Promise<ItemsResult> {
    const endpoint = "GET /items";
    const items = new Map<string, MarketplaceItem>();
    const failed = new Map<string, ItemFailure>();
    try {
      const body = await get(endpoint, `/items?ids=${batch.map(enc).join(",")}&attributes=${ITEM_ATTRIBUTES}`);
      const entries = parsePayload(multigetSchema, body, endpoint);
      entries.forEach((entry, index) => {
        const reportedId = (entry.body as { id?: unknown } | null)?.id;
        const id = typeof reportedId === "string" && batch.includes(reportedId) ? reportedId : batch[index];
        if (id === undefined) return;
        if (entry.code < 200 || entry.code >= 300) {
          const error = errorBodySchema.safeParse(entry.body);
          const code = error.success ? (error.data.error ?? null) : null;
          const message = error.success ? (error.data.message ?? error.data.error_description) : undefined;
          failed.set(id, { id, status: entry.code, code, error: redact(message ?? `HTTP ${entry.code}${code ? ` ${code}` : ""}`) });
          return;
        }
        try {
          items.set(id, parsePayload(itemSchema, entry.body, endpoint, `${index}.body`));
        } catch (error) {
          if (!(error instanceof MarketplacePayloadError)) throw error;
          failed.set(id, { id, status: entry.code, code: null, error: error.message });
        }
      });
    } catch (error) {
      // A refused token stops the whole sync; anything else fails only this batch's ids.
      if (error instanceof MarketplaceAuthError || !(error instanceof MarketplaceError)) throw error;
      const status = error instanceof MarketplaceHttpError ? error.status : null;
      const code = error instanceof MarketplaceHttpError ? error.code : null;
      return { items: [], failed: batch.map((id) => ({ id, status, code, error: error.message, cause: error })) };
    }
    const result: ItemsResult = { items: [], failed: [] };
    for (const id of batch) {
      const item = items.get(id);
      if (item) result.items.push(item);
      else result.failed.push(failed.get(id) ?? { id, status: null, code: null, error: `${endpoint}: no entry for ${id} in the answer` });
    }
    return result;
  }

  async function searchPages(query: OperationsQuery, inventoryIds: readonly string[] | undefined, from: string, to: string): Promise<StockOperation[]> {
    const endpoint = "GET /stock/fulfillment/operations/search";
    const params = [`seller_id=${enc(String(query.sellerId))}`];
    if (inventoryIds) params.push(`inventory_id=${inventoryIds.map(enc).join(",")}`);
    params.push(`date_from=${from}`, `date_to=${to}`);
    if (query.type) params.push(`type=${enc(query.type)}`);
    params.push(`limit=${Math.min(query.limit ?? OPERATIONS_MAX_LIMIT, OPERATIONS_MAX_LIMIT)}`);
    const base = `/stock/fulfillment/operations/search?${params.join("&")}`;

    const operations: StockOperation[] = [];
    let scroll: string | null | undefined;
    do {
      const page = parsePayload(operationsPageSchema, await get(endpoint, scroll ? `${base}&scroll=${enc(scroll)}` : base), endpoint);
      operations.push(...page.results);
      // The end is a null or empty scroll; an empty page also ends it, in case a last cursor is still sent.
      scroll = page.results.length > 0 ? page.paging.scroll : null;
    } while (scroll);
    return operations;
  }

  async function itemsSearchPage(sellerId: string | number, query: string) {
    const endpoint = "GET /users/{id}/items/search";
    const path = `/users/${enc(String(sellerId))}/items/search?logistic_type=fulfillment&limit=${ITEMS_SEARCH_PAGE}&${query}`;
    return parsePayload(itemsSearchSchema, await get(endpoint, path), endpoint);
  }

  return {
    async listFullItemIds(sellerId) {
      const first = await itemsSearchPage(sellerId, "offset=0");
      const ids = new Set(first.results);
      const total = first.paging?.total ?? first.results.length;
      if (total <= ITEMS_SEARCH_OFFSET_LIMIT) {
        const offsets: number[] = [];
        for (let offset = ITEMS_SEARCH_PAGE; offset < total; offset += ITEMS_SEARCH_PAGE) offsets.push(offset);
        const pages = await Promise.all(offsets.map((offset) => itemsSearchPage(sellerId, `offset=${offset}`)));
        for (const page of pages) for (const id of page.results) ids.add(id);
        return [...ids];
      }
      // Past 1,000 only a scan reaches the rest: follow its scroll_id until a page comes back empty.
      let scrollId: string | null | undefined;
      do {
        const page = await itemsSearchPage(sellerId, scrollId ? `search_type=scan&scroll_id=${enc(scrollId)}` : "search_type=scan");
        for (const id of page.results) ids.add(id);
        scrollId = page.results.length > 0 ? page.scroll_id : null;
      } while (scrollId);
      return [...ids];
    },

    async getSeller() {
      const endpoint = "GET /users/me";
      return parsePayload(sellerSchema, await get(endpoint, "/users/me"), endpoint);
    },

    exchangeAuthorizationCode: (code, redirectUri) => tokenGrant({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),

    async getItems(ids) {
      const unique = [...new Set(ids.filter((id) => id !== ""))];
      const batches: string[][] = [];
      for (let start = 0; start < unique.length; start += MULTIGET_MAX_IDS) batches.push(unique.slice(start, start + MULTIGET_MAX_IDS));
      const results = await Promise.all(batches.map(getItemBatch));
      return { items: results.flatMap((r) => r.items), failed: results.flatMap((r) => r.failed) };
    },

    async getStock(inventoryId) {
      const endpoint = "GET /inventories/{id}/stock/fulfillment";
      const body = await get(endpoint, `/inventories/${enc(inventoryId)}/stock/fulfillment`);
      return parsePayload(fulfillmentStockSchema, body, endpoint);
    },

    async searchOperations(query) {
      if (!isCalendarDate(query.dateFrom) || !isCalendarDate(query.dateTo)) {
        throw new RangeError(`dateFrom and dateTo must be YYYY-MM-DD: ${query.dateFrom}, ${query.dateTo}`);
      }
      if (query.inventoryIds?.length === 0 || daysBetween(query.dateFrom, query.dateTo) <= 0) return [];
      const chunks: Array<readonly string[] | undefined> = [];
      if (query.inventoryIds) {
        const unique = [...new Set(query.inventoryIds)];
        for (let start = 0; start < unique.length; start += INVENTORY_IDS_PER_SEARCH) chunks.push(unique.slice(start, start + INVENTORY_IDS_PER_SEARCH));
      } else {
        chunks.push(undefined);
      }
      const windows: Array<[string, string]> = [];
      for (let from = query.dateFrom; daysBetween(from, query.dateTo) > 0; from = addDays(from, OPERATIONS_MAX_DAYS)) {
        const to = addDays(from, OPERATIONS_MAX_DAYS);
        windows.push([from, daysBetween(to, query.dateTo) < 0 ? query.dateTo : to]);
      }
      // Every search settles before one failure is reported: none keeps calling the API afterwards.
      const settled = await Promise.allSettled(chunks.flatMap((chunk) => windows.map(([from, to]) => searchPages(query, chunk, from, to))));
      const failure = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      if (failure) throw failure.reason;
      const byId = new Map<string, StockOperation>();
      for (const outcome of settled) for (const operation of (outcome as PromiseFulfilledResult<StockOperation[]>).value) byId.set(String(operation.id), operation);
      return [...byId.values()].sort((a, b) =>
        a.date_created === b.date_created ? String(a.id).localeCompare(String(b.id), "en", { numeric: true }) : a.date_created < b.date_created ? -1 : 1,
      );
    },

    callCount: () => calls,
  };
}

/** The marketplace's host[:port], for messages ("marketplace unreachable at api.mercadolibre.com"). */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|EPROTO$|HOSTNAME_MISMATCH$)/;

/** Names a fetch failure by its cause: undici's TypeError carries the socket or DNS error as `cause`. */
export function networkFailureOf(code: string | undefined): NetworkFailure {
  if (!code) return "other";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET" || code === "ECONNABORTED") return "reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") return "dns";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return "timeout";
  if (TLS_CODE.test(code)) return "tls";
  return "other";
}

function failureOf(error: unknown, timeoutMs: number): { reason: NetworkFailure; detail: string } {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return { reason: "timeout", detail: `no answer within ${timeoutMs} ms` };
  const cause = error instanceof Error ? (error.cause as { code?: unknown; errors?: { code?: unknown }[] } | undefined) : undefined;
  // Several addresses tried at once (IPv4 and IPv6) fail together as an AggregateError.
  const raw = typeof cause?.code === "string" ? cause.code : cause?.errors?.find((e) => typeof e?.code === "string")?.code;
  const code = typeof raw === "string" ? raw : undefined;
  const reason = networkFailureOf(code);
  return { reason, detail: reason === "timeout" ? `${code}: no answer in time` : (code ?? (name || "request failed")) };
}
