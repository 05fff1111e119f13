import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { listImportRecords } from "../../storage/imports.js";
import { importsLimitFrom } from "../../http/imports-input.js";

/** GET /full/imports?limit=: the newest imports, by API or file, newest first. */
export const handler = httpHandler("GET /full/imports", async ({ query }) =>
  ok({ success: true, imports: await listImportRecords(table(), importsLimitFrom(query)) }),
);
