import { InventoryList } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { plainSizeCheck } from "../../http/compression.js";
import { table } from "../../storage/client.js";
import { readInventoryList } from "../../services/dashboards.js";

/** GET /full/inventory: every inventory record with its ad and unit storage costs. */
export const handler = httpHandler("GET /full/inventory", async ({ query, headers }) =>
  ok(await readInventoryList(table(), InventoryList.parseInventoryQuery(query), plainSizeCheck(headers))),
);
