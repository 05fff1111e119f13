import { Time } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { cachedGroupEntries, listGroupEntries } from "#storage/settings";

/**
 * The business time zone: setting geral.fuso_horario when stored and valid, else the default.
 * Reads on every call take it from the container's copy of the group (SETTINGS_CACHE_MS);
 * writes that place records on a day (the sync, the loader) read it fresh.
 */
export async function businessTimeZone(ref: TableRef, { fresh = false }: { fresh?: boolean } = {}): Promise<string> {
  const entries = fresh ? await listGroupEntries(ref, "geral") : await cachedGroupEntries(ref, "geral");
  return Time.validTimeZone(entries.find((entry) => entry.key === "fuso_horario")?.value);
}

/** Today's calendar day in the business time zone. */
export async function businessToday(ref: TableRef, now = new Date()): Promise<string> {
  return Time.calendarDay(await businessTimeZone(ref), now);
}
