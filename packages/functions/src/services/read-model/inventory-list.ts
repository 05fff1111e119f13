/**
 * GET /full/inventory: the `list` view, its builder and its reader. Every list item pre-joined
 * (ad fields, unit costs, flags) and serialised, packed in pages: the alerting records' part and
 * the others' (storage/read-model.ts). The state keeps each part's count and serialised size.
 */
import { InventoryList, ListView } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState } from "#storage/changes";
import { adIdsOf, listInventory } from "#storage/inventory";
import { getAdsOfInventory } from "#storage/ads";
import { listMetricsBySku } from "#storage/metrics";
import { listPageItem, listPagePartitions, readListPages, replaceCollection } from "#storage/read-model";
import { JsonText } from "../../json-text.js";
import { MAX_ITEM_BYTES } from "./build.js";
import { defineView, viewElseLive } from "./view.js";

interface ListViewEntry {
  count: number;
  alerts: ListView.ListPartSize;
  others: ListView.ListPartSize;
}

export const listView = defineView("list", ["inventory", "ad", "metric"], async ({ ref, inputs, publish }) => {
  const { inventory, adsById, metrics } = await inputs();
  const entries = ListView.listEntries(inventory, adsById, metrics);
  const alerting = entries.filter((entry) => entry.alerting);
  const others = entries.filter((entry) => !entry.alerting);
  const parts = [
    { alerting: true, pages: ListView.packPages(alerting).map((page, n) => listPageItem(true, n, page)) },
    { alerting: false, pages: ListView.packPages(others).map((page, n) => listPageItem(false, n, page)) },
  ];
  if (parts.some((part) => part.pages.some((page) => ListView.utf8Bytes(String(page.item.docs)) > MAX_ITEM_BYTES))) return false;
  for (const part of parts) await replaceCollection(ref, listPagePartitions(part.alerting), part.pages);
  return publish({ count: entries.length, alerts: ListView.partSize(alerting), others: ListView.partSize(others) });
});

export async function liveInventoryList(ref: TableRef, options: InventoryList.InventoryQuery): Promise<InventoryList.InventoryListBody> {
  const reading = listInventory(ref);
  const [inventory, ads, metrics] = await Promise.all([
    reading,
    getAdsOfInventory(ref, reading.then(adIdsOf), ["title", "thumbnail", "permalink"]),
    listMetricsBySku(ref),
  ]);
  return InventoryList.buildInventoryList(inventory, ads, metrics, options);
}

async function readPages(ref: TableRef, alertsOnly: boolean): Promise<ListView.ListPage[]> {
  const parts = await Promise.all(alertsOnly ? [readListPages(ref, true)] : [readListPages(ref, true), readListPages(ref, false)]);
  return parts.flat();
}

/**
 * The list from its view: the alerting pages alone for alerts=1, both parts otherwise. With a
 * size check (a client that accepts no compression), the state is read first and an answer over
 * the payload limit is refused before any page is read; otherwise pages and state are read at once.
 */
export async function readInventoryList(
  ref: TableRef,
  options: InventoryList.InventoryQuery,
  checkSize?: (body: { rawBytes: number; escapedBytes: number }) => void,
): Promise<JsonText<InventoryList.InventoryListBody> | InventoryList.InventoryListBody> {
  const early = checkSize ? undefined : readPages(ref, options.alertsOnly);
  early?.catch(() => undefined); // awaited below when used; a stale view drops it
  const state = await readState(ref);
  return viewElseLive(
    state,
    listView,
    async (entry) => {
      const view = entry as unknown as ListViewEntry;
      const parts = options.alertsOnly ? [view.alerts] : [view.alerts, view.others];
      checkSize?.(ListView.bodySize(parts));
      const pages = await (early ?? readPages(ref, options.alertsOnly));
      const count = parts.reduce((n, part) => n + part.count, 0);
      const text = ListView.assembleList(pages, count, view.count, options);
      return text === undefined ? undefined : new JsonText<InventoryList.InventoryListBody>(text);
    },
    () => liveInventoryList(ref, options),
  );
}
