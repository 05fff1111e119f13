import { Time } from "@fulfillment/core";
import type { TableRef } from "@fulfillment/functions/storage/client";
import { businessTimeZone } from "@fulfillment/functions/services/business-time";

/** The local run's daily sync: 03:00 in the business zone, as the deployed schedule. */
export const DAILY_SYNC_TIME = "03:00:00";

export interface DailySchedule {
  stop(): void;
}

/** Milliseconds from `now` to the next DAILY_SYNC_TIME in the zone. */
export function msUntilNextRun(zone: string, now: Date): number {
  const today = Time.calendarDay(zone, now);
  let next = Time.wallClockToInstant(zone, `${today}T${DAILY_SYNC_TIME}`);
  if (next.getTime() <= now.getTime()) next = Time.wallClockToInstant(zone, `${Time.addDays(today, 1)}T${DAILY_SYNC_TIME}`);
  return next.getTime() - now.getTime();
}

/** Runs the daily-sync handler (the schedule's Lambda) in-process once a day. */
export function scheduleDailySync(ref: TableRef, log: (line: string) => void = console.log): DailySchedule {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = async (): Promise<void> => {
    if (stopped) return;
    const delay = msUntilNextRun(await businessTimeZone(ref).catch(() => Time.DEFAULT_TIME_ZONE), new Date());
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  };
  const run = async (): Promise<void> => {
    try {
      const { handler } = await import("@fulfillment/functions/handlers/jobs/daily-sync");
      const result = await handler({ id: "local-schedule" });
      log(`Daily sync: ${JSON.stringify("stock" in result ? { ...result.stock, failed: result.stock.failed.length } : result)}`);
    } catch (error) {
      log(`Daily sync failed: ${(error as Error).message}`);
    }
    await arm();
  };
  void arm();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
