import * as z from "zod/mini";

/** PUT /settings/{group}: a JSON object of key → any JSON value. */
export const settingsBody = z.record(z.string(), z.unknown());

/** GET /history/core_ai query as documented; the handler treats a date in another format as absent (SPEC 4.B). */
export const historyQuery = z.object({
  start_date: z.optional(z.iso.date()),
  end_date: z.optional(z.iso.date()),
});
