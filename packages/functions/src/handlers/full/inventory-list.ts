import { InventoryList } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { plainSizeCheck } from "#http/compression";
import { table } from "#storage/client";
import { readInventoryList } from "#services/dashboards";

/** GET /full/inventory: every inventory record with its ad and unit storage costs. */
export const handler = httpHandler("GET /full/inventory", async ({ query, headers }) =>
  ok(await readInventoryList(table(), InventoryList.parseInventoryQuery(query), plainSizeCheck(headers))),
);
