import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { isFullWithSku, type Ad } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities, fitsKey, GSI1, INDEX_KEY_NAMES, ITEM_PRESENT, shardOf, TABLE_SCHEMA } from "./keys.js";
import { batchGet, batchWrite, queryAll, queryPartitions, transactUpdates, type ItemUpdate } from "./operations.js";
import { toRecord, toRecords } from "./items.js";
import { writeChanging } from "./changes.js";
import { adHeaderView, storedViewItem } from "./read-model.js";

export function adItem(ad: Ad): Record<string, unknown> {
  return {
    ...Entities.ad.key({ adId: ad.id }),
    // Only Full ads with a SKU enter the sparse index of replenishment candidates.
    ...(isFullWithSku(ad) ? Entities.ad.indexKey({ adId: ad.id, sku: ad.sku }) : {}),
    kind: "ad",
    ...ad,
  };
}

export async function getAd(ref: TableRef, adId: string): Promise<Ad | undefined> {
  const key = Entities.ad.key({ adId });
  if (!fitsKey(key)) return undefined;
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: key }));
  return result.Item ? toRecord<Ad>(result.Item) : undefined;
}

/** Ads by id in batches of 100; ids without an ad are absent from the map. */
export async function getAdsById(ref: TableRef, adIds: Iterable<string>, fields?: (keyof Ad)[]): Promise<Map<string, Ad>> {
  const keys = [...new Set(adIds)].map((adId) => Entities.ad.key({ adId }));
  const projection = fields ? [...new Set<string>(["id", ...fields])] : undefined;
  const ads = toRecords<Ad>(await batchGet(ref, keys, projection));
  return new Map(ads.map((ad) => [ad.id, ad]));
}

const fullSkuIndexItems = (ref: TableRef, projection?: string[]): Promise<Record<string, unknown>[]> =>
  queryPartitions(ref, Entities.ad.indexQuery.shards(), { projection });

/** Ads with is_full true and a SKU, read from the sparse index, ordered by SKU then ad id; optionally only some fields. */
export async function listFullAdsWithSku(ref: TableRef, fields?: (keyof Ad)[]): Promise<Ad[]> {
  const sortKey = TABLE_SCHEMA.indexes[GSI1].sortKey;
  const items = await fullSkuIndexItems(ref, fields ? [...new Set<string>(["id", ...fields, sortKey])] : undefined);
  items.sort((a, b) => (String(a[sortKey]) < String(b[sortKey]) ? -1 : String(a[sortKey]) > String(b[sortKey]) ? 1 : 0));
  return toRecords<Ad>(items);
}

/** The Full ads of one SKU, from its shard of the sparse index, in the index's order (as listFullAdsWithSku gives them). */
export async function listFullAdsOfSku(ref: TableRef, sku: string): Promise<Ad[]> {
  const condition = Entities.ad.indexQuery.prefix({ shard: shardOf(sku) }, Entities.ad.gsi1sk!.prefixOf({ sku }));
  // Another SKU can start with this one and "#": its keys share the prefix.
  return toRecords<Ad>(await queryAll(ref, condition)).filter((ad) => ad.sku === sku);
}

/**
 * The ads of many inventory records. Nearly all are Full ads with a SKU: those come from a few
 * pages of the sparse index, read while `adIds` is still being read, and only the rest by key.
 * A query is charged by bytes read, a point read per item: at 10,000 ads about ten times less.
 */
export async function getAdsOfInventory(ref: TableRef, adIds: Promise<Iterable<string>>, fields: (keyof Ad)[]): Promise<Map<string, Ad>> {
  const [indexed, wanted] = await Promise.all([fullSkuIndexItems(ref, [...new Set<string>(["id", ...fields])]), adIds]);
  const byId = new Map(toRecords<Ad>(indexed).map((ad) => [ad.id, ad]));
  const missing = [...new Set(wanted)].filter((id) => !byId.has(id));
  if (missing.length > 0) for (const [id, ad] of await getAdsById(ref, missing, fields)) byId.set(id, ad);
  return byId;
}

/** Every ad; the sync takes the Full ones (with or without a SKU) as its work list. */
export async function listAllAds(ref: TableRef, { consistent = false } = {}): Promise<Ad[]> {
  return toRecords<Ad>(await queryPartitions(ref, Entities.ad.query.shards(), { consistent }));
}

/** Upserts ads, each with its header (the detail's copy of title and thumbnail). */
export async function putAds(ref: TableRef, ads: Ad[]): Promise<void> {
  if (ads.length === 0) return;
  await writeChanging(ref, "ad", () => batchWrite(ref, ads.flatMap((ad) => [{ put: adItem(ad) }, { put: storedViewItem(adHeaderView(ad.id, ad)) }])));
}

/**
 * Catalogue discovery's upsert of ads that exist: only the fields discovery owns, and the
 * sparse index that follows is_full and sku. Cost and sales are never touched.
 */
export async function updateDiscoveredAds(ref: TableRef, ads: readonly Ad[]): Promise<void> {
  if (ads.length === 0) return;
  await writeChanging(ref, "ad", async () => {
    await transactUpdates(ref, ads.map(discoveredAdUpdate));
    // The detail reads the header (title, thumbnail) beside the ad's records, with no counter check.
    await batchWrite(ref, ads.map((ad) => ({ put: storedViewItem(adHeaderView(ad.id, ad)) })));
  });
}

function discoveredAdUpdate(ad: Ad): ItemUpdate {
  const index = isFullWithSku(ad) ? Entities.ad.indexKey({ adId: ad.id, sku: ad.sku }) : undefined;
  return {
    Key: Entities.ad.key({ adId: ad.id }),
    UpdateExpression:
      "SET id = :id, kind = :kind, title = :title, thumbnail = :thumbnail, permalink = :permalink, sku = :sku, is_full = :full, " +
      "cost = if_not_exists(cost, :null), sales_30d = if_not_exists(sales_30d, :null)" +
      // The listing's status, when the caller read it (a notification of topic items; discovery does not ask for it).
      (ad.status !== undefined ? ", #status = :status" : "") +
      (index ? ", #gpk = :gpk, #gsk = :gsk" : " REMOVE #gpk, #gsk"),
    ExpressionAttributeNames: { ...INDEX_KEY_NAMES, ...(ad.status !== undefined ? { "#status": "status" } : {}) },
    ExpressionAttributeValues: {
      ":id": ad.id,
      ":kind": "ad",
      ":title": ad.title,
      ":thumbnail": ad.thumbnail,
      ":permalink": ad.permalink,
      ":sku": ad.sku,
      ":full": ad.is_full,
      ":null": null,
      ...(ad.status !== undefined ? { ":status": ad.status } : {}),
      ...(index ? { ":gpk": index.gsi1pk, ":gsk": index.gsi1sk } : {}),
    },
  };
}

/** Stored ads that stopped being Full: kept, with is_full false and out of the replenishment index. */
export async function markAdsNotFull(ref: TableRef, adIds: readonly string[]): Promise<void> {
  if (adIds.length === 0) return;
  await writeChanging(ref, "ad", () =>
    transactUpdates(
      ref,
      adIds.map((adId) => ({
        Key: Entities.ad.key({ adId }),
        UpdateExpression: "SET is_full = :false REMOVE #gpk, #gsk",
        ExpressionAttributeNames: INDEX_KEY_NAMES,
        ConditionExpression: ITEM_PRESENT,
        ExpressionAttributeValues: { ":false": false },
      })),
    ),
  );
}

/**
 * Sales the ledger gave, written only where no imported value has landed meanwhile (an import
 * wins until it is cleared). Returns how many ads took the ledger's figure.
 */
export async function setLedgerSales(ref: TableRef, sales: readonly { adId: string; sales30d: number }[]): Promise<number> {
  if (sales.length === 0) return 0;
  return writeChanging(ref, "ad", () =>
    transactUpdates(
      ref,
      sales.map(({ adId, sales30d }) => ({
        Key: Entities.ad.key({ adId }),
        UpdateExpression: "SET sales_30d = :sales, sales_30d_source = :ledger",
        ConditionExpression:
          `${ITEM_PRESENT} AND (sales_30d_source = :ledger OR (attribute_not_exists(sales_30d_source) AND (attribute_not_exists(sales_30d) OR sales_30d = :null)))`,
        ExpressionAttributeValues: { ":sales": sales30d, ":ledger": "ledger", ":null": null },
      })),
    ),
  );
}

/**
 * An imported value per ad, field by field (a sync writing the same ads keeps its fields): a
 * cost, or a sales figure that then wins over the ledger; null clears it.
 */
export async function setImportedAdValues(ref: TableRef, field: "cost" | "sales_30d", changes: readonly { adId: string; value: number | null }[]): Promise<void> {
  const sales = field === "sales_30d";
  if (changes.length === 0) return;
  await writeChanging(ref, "ad", () =>
    transactUpdates(
      ref,
      changes.map(({ adId, value }) => ({
        Key: Entities.ad.key({ adId }),
        UpdateExpression: !sales ? "SET cost = :value" : value === null ? "SET sales_30d = :value REMOVE sales_30d_source" : "SET sales_30d = :value, sales_30d_source = :import",
        ConditionExpression: ITEM_PRESENT,
        ExpressionAttributeValues: { ":value": value, ...(sales && value !== null ? { ":import": "import" } : {}) },
      })),
    ),
  );
}
