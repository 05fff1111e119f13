/**
 * Read floors: the records each GET endpoint has to read, through the same partitions, index and
 * keys, read with a bare document client and nothing else (no handler, no record mapping, no
 * response). The keys are known up front, so a floor issues every read at once.
 */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { awsRegion } from "@fulfillment/functions/config/env";
import { Detail, History, Time } from "@fulfillment/core";
import { AD_RECORDS_FROM, Entities, type Key, type KeyCondition, logInstantBounds, replenishmentBelow, shardNumbers, TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";
import { adDetailQuery } from "@fulfillment/functions/storage/ad-detail";
import { answerPartitions } from "@fulfillment/functions/storage/read-model";
import type { ViewName } from "@fulfillment/functions/services/read-model/index";
import { adId, inventoryId, VIEWED_INDEX } from "./dataset.js";

/** The business time zone of the bench's settings. */
export const BENCH_ZONE = "America/Sao_Paulo";

/**
 * The client floors read with: the SDK's document client as it comes (its default middleware, no
 * time budget), pointed at the engine with the access key that selects the bench's database. The
 * service's own client leaves out some of the SDK's steps (storage/client.ts: the call's log entry;
 * on a local engine also the signature): the bench also prints its floors through that client
 * (`floor_service_ratio`).
 */
export function sdkDocumentClient(endpoint: string, accessKeyId: string): DynamoDBDocumentClient {
  const client = new DynamoDBClient({ endpoint, region: awsRegion(), credentials: { accessKeyId, secretAccessKey: accessKeyId } });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
}

export interface FloorContext {
  doc: DynamoDBDocumentClient;
  table: string;
  viewedAdId: string;
  viewedInventoryIds: string[];
  today: string;
}

/** The floors' context on the bench's records: the detail's ad and inventory are the dataset's viewed ones. */
export const benchFloorContext = (doc: DynamoDBDocumentClient, table: string, today: string): FloorContext => ({
  doc,
  table,
  viewedAdId: adId(VIEWED_INDEX),
  viewedInventoryIds: [inventoryId(VIEWED_INDEX)],
  today,
});

/** Reads and returns the number of items read. */
export type Floor = (ctx: FloorContext) => Promise<number>;

type QueryInput = Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">;

function withProjection(input: QueryInput, projection?: string[]): QueryInput {
  if (!projection) return input;
  const names: Record<string, string> = { ...(input.ExpressionAttributeNames ?? {}) };
  projection.forEach((attr, i) => (names[`#f${i}`] = attr));
  return { ...input, ExpressionAttributeNames: names, ProjectionExpression: projection.map((_, i) => `#f${i}`).join(", ") };
}

async function query(ctx: FloorContext, input: QueryInput, maxItems = Number.POSITIVE_INFINITY): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ctx.doc.send(new QueryCommand({ ...input, TableName: ctx.table, ExclusiveStartKey: startKey }));
    count += page.Items?.length ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey && count < maxItems);
  return count;
}

async function queryShards(ctx: FloorContext, conditions: KeyCondition[], projection?: string[]): Promise<number> {
  const counts = await Promise.all(conditions.map((condition) => query(ctx, withProjection(condition, projection))));
  return counts.reduce((a, b) => a + b, 0);
}

const getItem = async (ctx: FloorContext, key: Key, projection?: string[], consistent = false): Promise<number> => {
  const input = projection
    ? { ProjectionExpression: projection.map((_, i) => `#f${i}`).join(", "), ExpressionAttributeNames: Object.fromEntries(projection.map((a, i) => [`#f${i}`, a])) }
    : {};
  const result = await ctx.doc.send(new GetCommand({ TableName: ctx.table, Key: key, ConsistentRead: consistent, ...input }));
  return result.Item ? 1 : 0;
};

const sum = async (reads: Promise<number>[]): Promise<number> => (await Promise.all(reads)).reduce((a, b) => a + b, 0);

/** The attributes the detail shows of each inventory. */
const DETAIL_FIELDS = [
  "inventory_id", "variation_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days",
];

const detailInventories = (ctx: FloorContext): Promise<number> =>
  query(ctx, withProjection(Entities.inventory.indexQuery.from({ adId: ctx.viewedAdId }, AD_RECORDS_FROM), DETAIL_FIELDS));
const detailDailyRows = (ctx: FloorContext): Promise<number>[] =>
  ctx.viewedInventoryIds.map((id) =>
    query(ctx, Entities.daily_stock.query.from({ inventoryId: id }, Detail.seriesWindowStart(ctx.today))),
  );
/** A settings group's pages: one consistent Query on their common sort-key prefix. */
const settingsGroup = (ctx: FloorContext, group: string): Promise<number> =>
  query(ctx, { ...Entities.settings.query.prefix({}, Entities.settings.sortKey({ group, page: 0 })), ConsistentRead: true });

const detailSmallReads = (ctx: FloorContext): Promise<number>[] => [
  settingsGroup(ctx, "geral"),
  getItem(ctx, Entities.ad.key({ adId: ctx.viewedAdId }), ["title", "thumbnail"]),
];

/**
 * Floors that keep the order the key design imposed before the ad's index partition held the
 * daily rows: the inventory ids from a first read, then their daily rows (the live path's reads).
 */
export const CHAINED_FLOORS: Record<string, Floor> = {
  "GET /full/inventory/{ad_id}": async (ctx) => {
    const first = await sum([detailInventories(ctx), ...detailSmallReads(ctx)]);
    return first + (await sum(detailDailyRows(ctx)));
  },
};

const state = (ctx: FloorContext): Promise<number> => getItem(ctx, Entities.read_model.key(), undefined, true);
const consistent = (input: QueryInput): QueryInput => ({ ...input, ConsistentRead: true });
const listPages = (ctx: FloorContext, alerting: boolean): Promise<number>[] =>
  Entities.list_page.query.shards({ alerting }).map((condition) => query(ctx, consistent(withProjection(condition, [TABLE_SCHEMA.sortKey, "docs", "ranks", "keys"]))));

/** A planning view's answer as stored at its build: what the handler sends when it was computed from today's inputs. */
const answerPages = (ctx: FloorContext, view: ViewName): Promise<number>[] =>
  answerPartitions(view).map((condition) => query(ctx, consistent(withProjection(condition, [TABLE_SCHEMA.sortKey, "digest", "z"]))));

/** Floors of the read model's access patterns, by route key (the list's alerts=1 variant by its own name). */
export const VIEW_FLOORS: Record<string, Floor> = {
  "GET /full/overview": (ctx) => state(ctx),
  "GET /full/inventory": (ctx) => sum([state(ctx), ...listPages(ctx, true), ...listPages(ctx, false)]),
  "GET /full/inventory?alerts=1": (ctx) => sum([state(ctx), ...listPages(ctx, true)]),
  "GET /full/replenishment": (ctx) =>
    sum([
      state(ctx),
      ...shardNumbers().map((shard) =>
        query(ctx, consistent(withProjection(Entities.replenishment_sku.query.below({ shard }, replenishmentBelow(14)), ["doc"]))),
      ),
    ]),
  /** The state, the stored answer's pages and what the plan reads beside them (stock policy, planning parameters), at once. */
  "GET /full/restock-plan": (ctx) =>
    sum([state(ctx), ...answerPages(ctx, "restock"), settingsGroup(ctx, "estoque"), queryShards(ctx, Entities.planning.query.shards())]),
  /** The state, the stored answer's pages and the tariffs, at once. */
  "GET /full/aged-stock": (ctx) => sum([state(ctx), ...answerPages(ctx, "aged_stock"), query(ctx, Entities.tariff.query.partition())]),
  /** The single Query the detail needs: daily rows of the window, header and records of the ad, with the handler's projection. */
  "GET /full/inventory/{ad_id}": (ctx) => query(ctx, adDetailQuery(ctx.viewedAdId, Detail.seriesWindowStart(ctx.today))),
};

/** Floors by route key; a route without reads (GET /settings/defaults) has none. */
export const FLOORS: Record<string, Floor> = {
  ...VIEW_FLOORS,
  "GET /full/tariffs": (ctx) =>
    query(ctx, Entities.tariff.query.partition()),
  "GET /settings": (ctx) =>
    query(ctx, { ...Entities.settings.query.partition(), ConsistentRead: true }),
  "GET /settings/{group}": (ctx) => settingsGroup(ctx, "geral"),
  "GET /history/core_ai": (ctx) =>
    query(ctx, {
      ...Entities.system_log.indexQuery.partition({ module: History.FORECASTING_MODULE }),
      ScanIndexForward: false,
      Limit: History.DEFAULT_LIMIT,
    }, History.DEFAULT_LIMIT),
  /** A year of entries up to today (the bench's business zone): the side-by-side comparison's variant. */
  "GET /history/core_ai?year": (ctx) => {
    const range = History.historyRange(Time.addDays(ctx.today, -365), ctx.today, BENCH_ZONE)!;
    return query(ctx, {
      ...Entities.system_log.indexQuery.between({ module: History.FORECASTING_MODULE }, logInstantBounds(range.from, range.to)),
      ScanIndexForward: false,
    });
  },
};
