/**
 * Read floors: the records each GET endpoint has to read, through the same partitions, index and
 * keys, read with a bare document client and nothing else (no handler, no record mapping, no
 * response). The keys are known up front, so a floor issues every read at once; an endpoint that
 * must learn keys from a first read (ads outside the sparse index) cannot do better than this.
 */
import { BatchGetCommand, GetCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from "@aws-sdk/lib-dynamodb";
import { Detail, History } from "@fulfillment/core";
import { GSI1, KeyConditions, Keys, shardNumbers, type IndexName, type Key } from "@fulfillment/functions/storage/keys";

export interface FloorContext {
  doc: DynamoDBDocumentClient;
  table: string;
  /** Ads of inventory records outside the sparse index of Full ads with a SKU: read by key. */
  otherAdIds: string[];
  viewedAdId: string;
  viewedInventoryIds: string[];
  today: string;
}

/** Reads and returns the number of items read. */
export type Floor = (ctx: FloorContext) => Promise<number>;

const BATCH_KEYS = 100;
const BATCH_IN_FLIGHT = 8;

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

async function queryShards(ctx: FloorContext, partitions: string[], projection?: string[], index?: IndexName): Promise<number> {
  const counts = await Promise.all(partitions.map((partition) => query(ctx, withProjection(KeyConditions.partition(partition, index), projection))));
  return counts.reduce((a, b) => a + b, 0);
}

async function batchGet(ctx: FloorContext, keys: Key[], projection: string[]): Promise<number> {
  const names = Object.fromEntries(projection.map((attr, i) => [`#f${i}`, attr]));
  const chunks: Key[][] = [];
  for (let i = 0; i < keys.length; i += BATCH_KEYS) chunks.push(keys.slice(i, i + BATCH_KEYS));
  let count = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < chunks.length) {
      let pending: Record<string, unknown>[] = chunks[next++]!.map((key) => ({ pk: key.pk, sk: key.sk }));
      while (pending.length > 0) {
        const result = await ctx.doc.send(
          new BatchGetCommand({
            RequestItems: { [ctx.table]: { Keys: pending, ProjectionExpression: Object.keys(names).join(", "), ExpressionAttributeNames: names } },
          }),
        );
        count += result.Responses?.[ctx.table]?.length ?? 0;
        pending = (result.UnprocessedKeys?.[ctx.table]?.Keys ?? []) as Record<string, unknown>[];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(BATCH_IN_FLIGHT, chunks.length) }, worker));
  return count;
}

const getItem = async (ctx: FloorContext, key: Key, projection?: string[], consistent = false): Promise<number> => {
  const input = projection
    ? { ProjectionExpression: projection.map((_, i) => `#f${i}`).join(", "), ExpressionAttributeNames: Object.fromEntries(projection.map((a, i) => [`#f${i}`, a])) }
    : {};
  const result = await ctx.doc.send(new GetCommand({ TableName: ctx.table, Key: key, ConsistentRead: consistent, ...input }));
  return result.Item ? 1 : 0;
};

const sum = async (reads: Promise<number>[]): Promise<number> => (await Promise.all(reads)).reduce((a, b) => a + b, 0);

const inventoryShards = (): string[] => shardNumbers().map(Keys.inventoryShard);
const fullSkuShards = (): string[] => shardNumbers().map(Keys.fullSkuShard);

/** The attributes the SPEC body of each endpoint is built from. */
const LIST_FIELDS = [
  "inventory_id", "ad_id", "sku", "variation_id", "available_qty", "in_transit_qty", "not_available_qty",
  "total_qty", "days_of_stock", "oldest_stock_days", "updated_at",
];
const OVERVIEW_FIELDS = ["ad_id", "available_qty", "in_transit_qty", "not_available_qty", "days_of_stock", "oldest_stock_days"];
const DETAIL_FIELDS = [
  "inventory_id", "variation_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days",
];

const detailInventories = (ctx: FloorContext): Promise<number> =>
  query(ctx, withProjection(KeyConditions.partition(Keys.inventoryByAd(ctx.viewedAdId), GSI1), DETAIL_FIELDS));
const detailDailyRows = (ctx: FloorContext): Promise<number>[] =>
  ctx.viewedInventoryIds.map((id) =>
    query(ctx, KeyConditions.from(Keys.dailyPartition(id), Detail.seriesWindowStart(ctx.today))),
  );
/** A settings group's pages: one consistent Query on their common sort-key prefix. */
const settingsGroup = (ctx: FloorContext, group: string): Promise<number> =>
  query(ctx, { ...KeyConditions.prefix(Keys.settingsPartition, Keys.settingsGroupSk(group)), ConsistentRead: true });

const detailSmallReads = (ctx: FloorContext): Promise<number>[] => [
  settingsGroup(ctx, "geral"),
  getItem(ctx, Keys.ad(ctx.viewedAdId), ["title", "thumbnail"]),
];

/**
 * Floors that keep the order the key design imposes: the detail learns its inventory ids from a
 * first read, and only then can read their daily rows (two round trips, not one).
 */
export const CHAINED_FLOORS: Record<string, Floor> = {
  "GET /full/inventory/{ad_id}": async (ctx) => {
    const first = await sum([detailInventories(ctx), ...detailSmallReads(ctx)]);
    return first + (await sum(detailDailyRows(ctx)));
  },
};

/** Floors by route key; a route without reads (GET /settings/defaults) has none. */
export const FLOORS: Record<string, Floor> = {
  "GET /full/inventory": (ctx) =>
    sum([
      queryShards(ctx, inventoryShards(), LIST_FIELDS),
      queryShards(ctx, fullSkuShards(), ["id", "title", "thumbnail", "permalink"], GSI1),
      batchGet(ctx, ctx.otherAdIds.map(Keys.ad), ["id", "title", "thumbnail", "permalink"]),
      queryShards(ctx, shardNumbers().map(Keys.metricShard), ["sku", "storage_cost", "storage_risk_cost"]),
    ]),
  "GET /full/overview": (ctx) =>
    sum([
      queryShards(ctx, inventoryShards(), OVERVIEW_FIELDS),
      queryShards(ctx, fullSkuShards(), ["id", "cost"], GSI1),
      batchGet(ctx, ctx.otherAdIds.map(Keys.ad), ["id", "cost"]),
    ]),
  "GET /full/replenishment": (ctx) =>
    sum([
      queryShards(ctx, inventoryShards(), ["sku", "available_qty"]),
      queryShards(ctx, shardNumbers().map(Keys.localStockShard), ["sku", "available", "warehouse"]),
      queryShards(ctx, fullSkuShards(), ["id", "sku", "title", "is_full", "sales_30d"], GSI1),
    ]),
  "GET /full/inventory/{ad_id}": (ctx) => sum([detailInventories(ctx), ...detailSmallReads(ctx), ...detailDailyRows(ctx)]),
  "GET /full/tariffs": (ctx) =>
    query(ctx, KeyConditions.partition(Keys.tariffPartition)),
  "GET /settings": (ctx) =>
    query(ctx, { ...KeyConditions.partition(Keys.settingsPartition), ConsistentRead: true }),
  "GET /settings/{group}": (ctx) => settingsGroup(ctx, "geral"),
  "GET /history/core_ai": (ctx) =>
    query(ctx, {
      ...KeyConditions.partition(Keys.logModulePartition(History.FORECASTING_MODULE), GSI1),
      ScanIndexForward: false,
      Limit: History.DEFAULT_LIMIT,
    }, History.DEFAULT_LIMIT),
};
