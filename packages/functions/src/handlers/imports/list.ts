import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listImportRecords } from "#storage/imports";
import { listImports } from "../../contract/imports.js";

/** GET /full/imports?limit=: the newest imports, by API or file, newest first. */
export const handler = httpHandler(listImports, async ({ query }) => ok({ success: true, imports: await listImportRecords(table(), query.limit) }));
