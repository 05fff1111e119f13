/**
 * Compares the alerts that hold now with the open ones stored before. An event is recorded only
 * for an alert that is new (`opened`) or worse than before (`worsened`: a higher severity or
 * level), and for one that no longer holds (`cleared`). An alert that stays, or gets better, only
 * has its stored state refreshed: nothing repeats while it is unchanged.
 */
import { severityRank } from "./kinds.js";
import type { Alert } from "./derive.js";

export interface OpenAlert extends Alert {
  /** When the alert opened (ISO 8601). */
  first_seen: string;
  /** When its severity or level last changed. */
  last_changed: string;
}

export const ALERT_CHANGES = ["opened", "worsened", "cleared"] as const;
export type AlertChange = (typeof ALERT_CHANGES)[number];

export interface AlertEvent extends Alert {
  /** Sortable by time: "<at>#<alert id>". */
  event_id: string;
  at: string;
  change: AlertChange;
}

export interface AlertDiff {
  events: AlertEvent[];
  /** Open alerts to store: new ones and those whose state or figures changed. */
  upserts: OpenAlert[];
  /** Alerts that cleared: to remove from the open ones. */
  cleared: OpenAlert[];
}

const isWorse = (now: Alert, before: Alert): boolean =>
  severityRank(now.severity) > severityRank(before.severity) || (now.severity === before.severity && now.level > before.level);

const sameState = (a: Alert, b: Alert): boolean => a.severity === b.severity && a.level === b.level;

const sameContent = (a: Alert, b: Alert): boolean => sameState(a, b) && a.message === b.message && JSON.stringify(a.figures) === JSON.stringify(b.figures);

const event = (alert: Alert, at: string, change: AlertChange): AlertEvent => ({ ...alert, event_id: `${at}#${alert.id}`, at, change });

/** The events and writes that take the stored open alerts to the current ones, at instant `at`. */
export function diffAlerts(previous: readonly OpenAlert[], current: readonly Alert[], at: string): AlertDiff {
  const before = new Map(previous.map((alert) => [alert.id, alert]));
  const diff: AlertDiff = { events: [], upserts: [], cleared: [] };
  for (const alert of current) {
    const stored = before.get(alert.id);
    before.delete(alert.id);
    if (!stored) {
      diff.events.push(event(alert, at, "opened"));
      diff.upserts.push({ ...alert, first_seen: at, last_changed: at });
      continue;
    }
    if (isWorse(alert, stored)) diff.events.push(event(alert, at, "worsened"));
    if (!sameContent(alert, stored)) {
      diff.upserts.push({ ...alert, first_seen: stored.first_seen, last_changed: sameState(alert, stored) ? stored.last_changed : at });
    }
  }
  for (const stored of before.values()) {
    const { first_seen: _first, last_changed: _last, ...alert } = stored;
    diff.events.push(event(alert, at, "cleared"));
    diff.cleared.push(stored);
  }
  return diff;
}
