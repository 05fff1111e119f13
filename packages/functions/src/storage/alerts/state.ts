/** Open alerts and the log of their events (keys.ts: ALERT, ALERTEVENT). */
import { Alerts } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { alertEventsAfter, Entities, expiresAt, fitsKey } from "../keys.js";
import { batchGet, batchWrite, queryAll, type WriteRequest } from "../operations.js";
import { toRecord } from "../items.js";

/** Events are kept this long, then the table's TTL removes them. */
export const EVENT_RETENTION_DAYS = 400;
const DAY_MS = 86_400_000;

// `kind` names every item's record type (storage/items.ts): the alert's own kind is stored as alert_kind.
const stored = <T extends { kind: Alerts.AlertKind }>(record: T, recordKind: string) => {
  const { kind, ...fields } = record;
  return { ...fields, kind: recordKind, alert_kind: kind };
};
const restored = <T>(item: Record<string, unknown>): T => {
  const { alert_kind, ...fields } = toRecord<Record<string, unknown>>(item);
  return { ...fields, kind: alert_kind } as T;
};

export async function listOpenAlerts(ref: TableRef): Promise<Alerts.OpenAlert[]> {
  const items = await queryAll(ref, { ...Entities.alert.query.partition(), ConsistentRead: true });
  return items.map((item) => restored<Alerts.OpenAlert>(item));
}

/** One SKU's open alerts: a point read per kind it can alert, strongly consistent. */
export async function listOpenAlertsOfSku(ref: TableRef, sku: string): Promise<Alerts.OpenAlert[]> {
  const keys = Alerts.SKU_ALERT_KINDS.map((kind) => Entities.alert.key({ alertId: Alerts.alertId(kind, sku) })).filter((key) => fitsKey(key));
  const items = await batchGet(ref, keys, undefined, { consistent: true });
  return items.map((item) => restored<Alerts.OpenAlert>(item)).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Writes a derivation's outcome: its events, the open alerts that changed, and removes the cleared ones. */
export async function applyAlertDiff(ref: TableRef, diff: Alerts.AlertDiff): Promise<void> {
  const requests: WriteRequest[] = [
    ...diff.events.map((event) => ({
      put: { ...Entities.alert_event.key({ eventId: event.event_id }), ...stored(event, "alert_event"), ...expiresAt(Date.parse(event.at) + EVENT_RETENTION_DAYS * DAY_MS) },
    })),
    ...diff.upserts.map((alert) => ({ put: { ...Entities.alert.key({ alertId: alert.id }), ...stored(alert, "alert") } })),
    ...diff.cleared.map((alert) => ({ delete: Entities.alert.key({ alertId: alert.id }) })),
  ];
  if (requests.length > 0) await batchWrite(ref, requests);
}

export interface EventQuery {
  limit: number;
  kind?: Alerts.AlertKind;
  sku?: string;
  /** Only events after this instant (exclusive), oldest first; without it, newest first. */
  after?: string;
}

/** Events newest first (or, after an instant, oldest first), filtered by kind and SKU. */
export async function listAlertEvents(ref: TableRef, query: EventQuery): Promise<Alerts.AlertEvent[]> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const filters: string[] = [];
  if (query.kind) {
    names["#k"] = "alert_kind";
    values[":k"] = query.kind;
    filters.push("#k = :k");
  }
  if (query.sku !== undefined) {
    names["#s"] = "sku";
    values[":s"] = query.sku;
    filters.push("#s = :s");
  }
  const events = Entities.alert_event.query;
  const condition = query.after === undefined ? events.partition() : events.from({}, alertEventsAfter(query.after));
  const items = await queryAll(
    ref,
    {
      ...condition,
      ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...names },
      ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ...values },
      ...(filters.length > 0 ? { FilterExpression: filters.join(" AND ") } : {}),
      ScanIndexForward: query.after !== undefined,
    },
    query.limit,
  );
  return items.map((item) => restored<Alerts.AlertEvent>(item));
}
