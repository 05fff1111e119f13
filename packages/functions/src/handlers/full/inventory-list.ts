import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { plainSizeCheck } from "#http/compression";
import { table } from "#storage/client";
import { readInventoryList } from "#services/read-model/inventory-list";
import { listInventory } from "../../contract/dashboards.js";

/** GET /full/inventory: every inventory record with its ad and unit storage costs. */
export const handler = httpHandler(listInventory, async ({ query }, { encodings }) =>
  ok(await readInventoryList(table(), query, plainSizeCheck(encodings))),
);
