/**
 * The marketplace API as the service calls it: items, listings, stock and stock operations, each
 * answer checked against its schema. The HTTP session under it (session.ts) sends, retries and
 * keeps the token.
 */
import { addDays, daysBetween, isCalendarDate } from "@fulfillment/core/time";
import { MarketplaceError } from "../errors.js";
import { MarketplaceAuthError, MarketplaceHttpError, MarketplacePayloadError } from "./errors.js";
import { createSession, type MarketplaceClientOptions } from "./session.js";
import {
  errorBodySchema,
  fulfillmentStockSchema,
  itemSchema,
  itemsSearchSchema,
  missedFeedsSchema,
  multigetSchema,
  operationsPageSchema,
  parsePayload,
  sellerSchema,
  stockOperationSchema,
  type FulfillmentStock,
  type MarketplaceItem,
  type MissedNotification,
  type Seller,
  type StockOperation,
  type TokenResponse,
} from "./schemas.js";

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
  /** One stock operation (GET /stock/fulfillment/operations/{id}), as one result of the search. */
  getOperation(operationId: string): Promise<StockOperation>;
  /** One item (GET /items/{id}), the fields a notification of topic `items` updates included. */
  getItem(itemId: string): Promise<MarketplaceItem>;
  /** The app's notifications the marketplace gave up delivering (GET /missed_feeds), every page. */
  listMissedNotifications(appId: string): Promise<MissedNotification[]>;
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
/** Missed notifications per page, and the most pages read in one drain (they are kept two days). */
export const MISSED_FEEDS_PAGE = 50;
const MISSED_FEEDS_MAX_PAGES = 200;
/** Inventories named in one operations search: about 1 KB of URL, well inside what servers accept, and half the calls of 50. */
export const INVENTORY_IDS_PER_SEARCH = 100;
const enc = encodeURIComponent;

export function createMarketplaceClient(options: MarketplaceClientOptions): MarketplaceClient {
  const { get, redact, tokenGrant, callCount } = createSession(options);

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

    async getOperation(operationId) {
      const endpoint = "GET /stock/fulfillment/operations/{id}";
      return parsePayload(stockOperationSchema, await get(endpoint, `/stock/fulfillment/operations/${enc(operationId)}`), endpoint);
    },

    async getItem(itemId) {
      const endpoint = "GET /items/{id}";
      return parsePayload(itemSchema, await get(endpoint, `/items/${enc(itemId)}?attributes=${ITEM_ATTRIBUTES},status`), endpoint);
    },

    async listMissedNotifications(appId) {
      const endpoint = "GET /missed_feeds";
      const messages: MissedNotification[] = [];
      for (let page = 0; page < MISSED_FEEDS_MAX_PAGES; page++) {
        const path = `/missed_feeds?app_id=${enc(appId)}&offset=${page * MISSED_FEEDS_PAGE}&limit=${MISSED_FEEDS_PAGE}`;
        const body = parsePayload(missedFeedsSchema, await get(endpoint, path), endpoint);
        messages.push(...body.messages);
        if (body.messages.length < MISSED_FEEDS_PAGE || (typeof body.total === "number" && messages.length >= body.total)) break;
      }
      return messages;
    },

    callCount,
  };
}
