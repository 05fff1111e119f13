import { Time } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listGroupEntries } from "#storage/settings";

/** The business time zone: setting geral.fuso_horario when stored and valid, else the default. */
export async function businessTimeZone(ref: TableRef): Promise<string> {
  const stored = (await listGroupEntries(ref, "geral")).find((entry) => entry.key === "fuso_horario");
  return Time.validTimeZone(stored?.value);
}

/** Today's calendar day in the business time zone. */
export async function businessToday(ref: TableRef, now = new Date()): Promise<string> {
  return Time.calendarDay(await businessTimeZone(ref), now);
}
