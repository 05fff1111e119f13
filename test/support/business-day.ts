import { setTimeout as sleep } from "node:timers/promises";
import { Time } from "@fulfillment/core";

/**
 * The business day a test file works in, taken once it is clear of the business midnight: a file
 * that reads "today" when it loads and runs its handlers seconds later would otherwise see two
 * days when it runs across midnight (in São Paulo, 03:00 UTC). Within `marginMs` of midnight (the
 * longest such file runs about a minute) it waits until the new day has begun.
 */
export async function businessDayClearOfMidnight(zone: string = Time.DEFAULT_TIME_ZONE, marginMs = 180_000, now: () => Date = () => new Date()): Promise<string> {
  const day = Time.calendarDay(zone, now());
  const later = Time.calendarDay(zone, new Date(now().getTime() + marginMs));
  if (later === day) return day;
  while (Time.calendarDay(zone, now()) === day) await sleep(1_000);
  return Time.calendarDay(zone, now());
}
