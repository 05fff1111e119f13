import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Ad } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { GSI1, Keys, TABLE_SCHEMA, fitsKey, shardNumbers } from "./keys.js";
import { batchGet, batchWrite, queryPartitions } from "./operations.js";
import { toRecord, toRecords } from "./items.js";
import { markChanged } from "./changes.js";
import { adHeaderView, storedViewItem } from "./read-model.js";

export function adItem(ad: Ad): Record<string, unknown> {
  return {
    ...Keys.ad(ad.id),
    // Only Full ads with a SKU enter the sparse index of replenishment candidates.
    ...(ad.is_full && ad.sku !== null && ad.sku !== undefined ? Keys.fullSkuIndex(ad.id, ad.sku) : {}),
    kind: "ad",
    ...ad,
  };
}

export async function getAd(ref: TableRef, adId: string): Promise<Ad | undefined> {
  const key = Keys.ad(adId);
  if (!fitsKey(key)) return undefined;
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: key }));
  return result.Item ? toRecord<Ad>(result.Item) : undefined;
}

/** Ads by id in batches of 100; ids without an ad are absent from the map. */
export async function getAdsById(ref: TableRef, adIds: Iterable<string>, fields?: (keyof Ad)[]): Promise<Map<string, Ad>> {
  const keys = [...new Set(adIds)].map(Keys.ad);
  const projection = fields ? [...new Set<string>(["id", ...fields])] : undefined;
  const ads = toRecords<Ad>(await batchGet(ref, keys, projection));
  return new Map(ads.map((ad) => [ad.id, ad]));
}

const fullSkuIndexItems = (ref: TableRef, projection?: string[]): Promise<Record<string, unknown>[]> =>
  queryPartitions(ref, shardNumbers().map(Keys.fullSkuShard), { index: GSI1, projection });

/** Ads with is_full true and a SKU, read from the sparse index, ordered by SKU then ad id; optionally only some fields. */
export async function listFullAdsWithSku(ref: TableRef, fields?: (keyof Ad)[]): Promise<Ad[]> {
  const sortKey = TABLE_SCHEMA.indexes[GSI1].sortKey;
  const items = await fullSkuIndexItems(ref, fields ? [...new Set<string>(["id", ...fields, sortKey])] : undefined);
  items.sort((a, b) => (String(a[sortKey]) < String(b[sortKey]) ? -1 : String(a[sortKey]) > String(b[sortKey]) ? 1 : 0));
  return toRecords<Ad>(items);
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
  return toRecords<Ad>(await queryPartitions(ref, shardNumbers().map(Keys.adShard), { consistent }));
}

/** Upserts ads, each with its header (the detail's copy of title and thumbnail). */
export async function putAds(ref: TableRef, ads: Ad[]): Promise<void> {
  if (ads.length === 0) return;
  await batchWrite(ref, ads.flatMap((ad) => [{ put: adItem(ad) }, { put: storedViewItem(adHeaderView(ad.id, ad)) }]));
  await markChanged(ref, "ads");
}
