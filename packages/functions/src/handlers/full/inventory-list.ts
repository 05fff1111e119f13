import { InventoryList, ListView } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { plainSizeCheck } from "#http/compression";
import { table } from "#storage/client";
import { bodyOf, inEachSeller } from "#services/per-seller";
import { readInventoryList } from "#services/read-model/inventory-list";
import { JsonText } from "../../json-text.js";
import { listInventory } from "../../contract/dashboards.js";

/**
 * GET /full/inventory: every inventory record with its ad and unit storage costs. With
 * seller_id=all: every seller's list as one, each item naming its seller, sorted and filtered alike.
 */
export const handler = httpHandler(listInventory, async ({ query }, { encodings }) => {
  const all = sellersInRequest();
  if (!all) return ok(await readInventoryList(table(), query, plainSizeCheck(encodings)));
  const lists = await inEachSeller(all, async (seller) => ({ seller_id: seller.user_id, body: bodyOf(await readInventoryList(table(), query)) }));
  const text = JSON.stringify(InventoryList.mergedList(lists, query.sortBy));
  plainSizeCheck(encodings)?.({ rawBytes: ListView.utf8Bytes(text), escapedBytes: ListView.escapedBytes(text) });
  return ok(new JsonText<InventoryList.InventoryListBody>(text));
});
