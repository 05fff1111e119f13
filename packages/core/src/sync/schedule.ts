/**
 * The daily sync's schedule, defined once: the deployed EventBridge rule, the local runtime's
 * timer and the `next_scheduled_at` of GET /full/sync/status all read it.
 * 06:00 UTC is 03:00 in America/Sao_Paulo (UTC−3 all year, no daylight saving time since 2019).
 */
export const DAILY_SYNC_UTC = { hour: 6, minute: 0 } as const;

/** The EventBridge schedule expression (EventBridge cron runs in UTC). */
export const dailySyncCron = (): `cron(${string})` => `cron(${DAILY_SYNC_UTC.minute} ${DAILY_SYNC_UTC.hour} * * ? *)`;

/** The first scheduled run strictly after `now`. */
export function nextDailySync(now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DAILY_SYNC_UTC.hour, DAILY_SYNC_UTC.minute);
  return new Date(today > now.getTime() ? today : today + 86_400_000);
}
