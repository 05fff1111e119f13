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

/** Every zone's midnight (and offset change) falls on a quarter hour of UTC: within one, the day is the same. */
const QUARTER_HOUR_MS = 15 * 60 * 1000;
let lastDay: { zone: string; quarter: number; day: string } | undefined;

/** Today's calendar day in the business time zone (formatted once per quarter hour, not per request). */
export async function businessToday(ref: TableRef, now = new Date()): Promise<string> {
  const zone = await businessTimeZone(ref);
  const quarter = Math.floor(now.getTime() / QUARTER_HOUR_MS);
  if (lastDay?.zone !== zone || lastDay.quarter !== quarter) lastDay = { zone, quarter, day: Time.calendarDay(zone, now) };
  return lastDay.day;
}
