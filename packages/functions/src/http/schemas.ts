import * as z from "zod/mini";

/** PUT /settings/{group}: a JSON object of key → any JSON value. */
export const settingsBody = z.record(z.string(), z.unknown());

/** GET /history/core_ai query. */
export const historyQuery = z.object({
  start_date: z.optional(z.string()),
  end_date: z.optional(z.string()),
});
