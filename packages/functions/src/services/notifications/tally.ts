/**
 * What became of each notification: a metric per outcome (published with the invocation), a log
 * line for each one dropped or given up on, and this process's running counts (npm start's log,
 * the tests).
 */
import { logger } from "#logging/logger";
import { METRIC } from "../../observability/metric-names.js";
import { count } from "../../observability/metrics.js";

/** Why a notification was answered 200 and not queued, or why the consumer let it go. */
export type DropReason = "other_application" | "unknown_user" | "not_a_resource" | "resource_not_found" | "resource_refused" | "unknown_inventory" | "unknown_ad" | "unreadable_message";

export type Outcome = "queued" | "applied" | "unchanged" | "ignored" | "retried" | "missed_queued" | `dropped:${DropReason}`;

const counts = new Map<Outcome, number>();

const METRIC_OF: Record<string, string> = {
  queued: METRIC.notificationsQueued,
  applied: METRIC.notificationsApplied,
  unchanged: METRIC.notificationsUnchanged,
  ignored: METRIC.notificationsIgnored,
  retried: METRIC.notificationsRetried,
  missed_queued: METRIC.missedNotificationsQueued,
  dropped: METRIC.notificationsDropped,
};

export function tally(outcome: Outcome, times = 1): void {
  if (times <= 0) return;
  counts.set(outcome, (counts.get(outcome) ?? 0) + times);
  count(METRIC_OF[outcome.split(":")[0]!]!, times);
}

/** A notification answered 200 but not acted on, with the reason in the log line and in the count. */
export function dropped(reason: DropReason, notification: { topic?: string; resource?: string }, detail?: string): void {
  tally(`dropped:${reason}`);
  logger.info("Notification dropped", { reason, topic: notification.topic, resource: notification.resource, ...(detail ? { detail } : {}) });
}

/** The counts since the process started (or since `resetNotificationCounts`). */
export const notificationCounts = (): Partial<Record<Outcome, number>> => Object.fromEntries(counts);

export function resetNotificationCounts(): void {
  counts.clear();
}
