/**
 * GET /full/inventory: the `list` view, its builder and its reader. Every list item pre-joined
 * (ad fields, unit costs, flags) and serialised, packed in pages: the alerting records' part and
 * the others' (storage/read-model.ts). The state keeps each part's count and serialised size.
 * A stock operation keeps the view current by marking its inventory: the reader takes the marked
 * records' items from the records themselves (a rebuild empties the marks).
 */
import { InventoryList, ListView } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { countersOf, readState, type StateItem } from "#storage/changes";
import { adIdsOf, getInventoryRecords, listInventory } from "#storage/inventory";
import { getAdsById, getAdsOfInventory } from "#storage/ads";
import { getMetricsBySku, listMetricsBySku } from "#storage/metrics";
import { listPageItem, listPagePartitions, marksAttribute, readListPages, replaceCollection } from "#storage/read-model";
import type { ViewPatch } from "#storage/view-patch";
import { JsonText } from "../../json-text.js";
import { MAX_ITEM_BYTES } from "./build.js";
import { currentView, defineView, viewElseLive } from "./view.js";

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

/** Inventories marked since the build: beyond this many, an operation leaves the view stale until the next rebuild. */
const MAX_MARKS = 1_000;

const marksOf = (state: StateItem): string[] => {
  const marks = state[marksAttribute(listView.name)];
  return marks instanceof Set ? [...(marks as Set<string>)] : [];
};

/** The marks a stock operation on `inventoryId` adds, when `state` shows the view current. */
export function listPatch(state: StateItem, inventoryId: string): ViewPatch | undefined {
  if (currentView(state, listView) === undefined) return undefined;
  // At the cap the write would be refused: it leaves the view stale instead.
  const marked = marksOf(state);
  if (marked.length >= MAX_MARKS && !marked.includes(inventoryId)) return undefined;
  return { view: listView.name, counters: countersOf(state, listView.topics), marks: { members: [inventoryId], cap: MAX_MARKS } };
}

/** The marked records' list entries, from the records, their ads and their SKUs' metrics. */
async function markedEntries(ref: TableRef, marked: readonly string[]): Promise<Map<string, ListView.ListEntry>> {
  const records = await getInventoryRecords(ref, marked);
  const [ads, metrics] = await Promise.all([
    getAdsById(ref, adIdsOf(records), ["title", "thumbnail", "permalink"]),
    getMetricsBySku(ref, records.flatMap((record) => (record.sku ? [record.sku] : []))),
  ]);
  return new Map(ListView.listEntries(records, ads, metrics).map((entry, i) => [records[i]!.inventory_id, entry]));
}

/** The list from the view's pages with the marked records' items read from the records; undefined when a marked record has no item in them. */
async function patchedList(ref: TableRef, marked: readonly string[], rankLimit: number, options: InventoryList.InventoryQuery): Promise<string | undefined> {
  const [alerting, others, entries] = await Promise.all([readListPages(ref, true), readListPages(ref, false), markedEntries(ref, marked)]);
  const parts = ListView.replaceEntries({ alerting, others }, entries);
  if (!parts) return undefined;
  const pages = options.alertsOnly ? parts.alerting : [...parts.alerting, ...parts.others];
  return ListView.assembleList(pages, pages.reduce((n, page) => n + page.docs.length, 0), rankLimit, options);
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
      const marked = marksOf(state);
      if (marked.length > 0) {
        // The parts' sizes are the build's: the size check takes the answer itself.
        const text = await patchedList(ref, marked, view.count, options);
        if (text !== undefined) checkSize?.({ rawBytes: ListView.utf8Bytes(text), escapedBytes: ListView.escapedBytes(text) });
        return text === undefined ? undefined : new JsonText<InventoryList.InventoryListBody>(text);
      }
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
