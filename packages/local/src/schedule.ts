import { Sync } from "@fulfillment/core";
import { MISSED_FEEDS_MINUTE } from "@fulfillment/functions/config/notifications";

/** The local run's daily sync: the same schedule as the deployed one (core sync/schedule.ts). */
export interface DailySchedule {
  stop(): void;
}

/** Milliseconds from `now` to the next scheduled run. */
export const msUntilNextRun = (now: Date): number => Sync.nextDailySync(now).getTime() - now.getTime();

/** Runs `job` at each time `delay` names, until stopped; the job reports its own failures. */
function repeat(delay: (now: Date) => number, job: () => Promise<void>): DailySchedule {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const arm = (): void => {
    if (stopped) return;
    timer = setTimeout(() => void job().finally(arm), delay(new Date()));
    timer.unref();
  };
  arm();
  return {
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Runs the daily-sync handler (the schedule's Lambda) in-process at each scheduled time; the run logs its own start and end. */
export function scheduleDailySync(log: (line: string) => void = console.log): DailySchedule {
  return repeat(msUntilNextRun, async () => {
    try {
      const { handler } = await import("@fulfillment/functions/handlers/jobs/daily-sync");
      await handler({ id: "local-schedule" });
    } catch (error) {
      log(`Daily sync failed: ${(error as Error).message}`);
    }
  });
}

/** Milliseconds from `now` to the next full hour. */
export const msUntilNextHour = (now: Date): number => 3_600_000 - (now.getTime() % 3_600_000);

/**
 * The alert digests locally: the digest job (the deployed hourly schedule's Lambda) at each full
 * hour; a digest is delivered for real (webhooks to this machine) or, for an e-mail subscription,
 * printed as one line.
 */
export function scheduleAlertDigests(log: (line: string) => void = console.log): DailySchedule {
  return repeat(msUntilNextHour, async () => {
    try {
      const { handler } = await import("@fulfillment/functions/handlers/jobs/alert-digest");
      const { digests } = await handler({ id: "local-schedule" });
      if (digests > 0) log(`Alert digests queued: ${digests}`);
    } catch (error) {
      log(`Alert digest job failed: ${(error as Error).message}`);
    }
  });
}

/** Milliseconds from `now` to the next half past the hour. */
export const msUntilMissedFeeds = (now: Date): number => {
  const offset = MISSED_FEEDS_MINUTE * 60_000;
  return 3_600_000 - ((now.getTime() - offset) % 3_600_000 + 3_600_000) % 3_600_000;
};

/** The hourly drain of the marketplace's missed notifications: the deployed schedule's Lambda, in process. */
export function scheduleMissedFeeds(log: (line: string) => void = console.log): DailySchedule {
  return repeat(msUntilMissedFeeds, async () => {
    try {
      const { handler } = await import("@fulfillment/functions/handlers/jobs/missed-feeds");
      const { listed, queued } = await handler({ id: "local-schedule" });
      if (queued > 0) log(`Missed notifications queued: ${queued} of ${listed} listed`);
    } catch (error) {
      log(`Missed-notification drain failed: ${(error as Error).message}`);
    }
  });
}
