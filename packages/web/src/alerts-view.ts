/** The Alertas screen's words and the bell's count: labels in Portuguese from the alert kinds, and what is new since the last visit. */
import { KIND_LABELS } from "@fulfillment/core/alerts/kinds";
import type { Schema } from "@fulfillment/client";
import { ALL_SELLERS } from "./sellers.js";

/** An open alert (GET /alerts), a change of one (GET /alerts/events), a subscription (GET /alerts/subscriptions). */
export type OpenAlertRow = Schema<"OpenAlert">;
export type AlertEventRow = Schema<"AlertEvent">;
export type SubscriptionRow = Schema<"AlertSubscription">;
type AlertKind = OpenAlertRow["kind"];
type Severity = OpenAlertRow["severity"];
type AlertChange = AlertEventRow["change"];

export const kindLabel = (kind: AlertKind): string => KIND_LABELS[kind] ?? kind;

export const SEVERITY_LABELS: Record<Severity, string> = { info: "Informativo", warning: "Atenção", critical: "Crítico" };
export const SEVERITY_TONES: Record<Severity, "info" | "warning" | "error"> = { info: "info", warning: "warning", critical: "error" };
export const CHANGE_LABELS: Record<AlertChange, string> = { opened: "Novo", worsened: "Piorou", cleared: "Resolvido" };

export const deliveryLabel = (subscription: Pick<SubscriptionRow, "delivery" | "digest_hour">): string =>
  subscription.delivery === "digest" ? `Resumo diário às ${String(subscription.digest_hour ?? 0).padStart(2, "0")}h` : "Imediata";

/** Where the console keeps the instant of the last visit to the alerts screen (with one account connected). */
export const SEEN_KEY = "fulfillment.alertas.vistos";

/**
 * The key of the last visit for the account shown: with several accounts connected each has its
 * own, and Todas as contas one more (`selection` is the account's id or ALL_SELLERS; undefined with one).
 */
export const seenKey = (selection: string | undefined): string => (selection === undefined ? SEEN_KEY : `${SEEN_KEY}.${selection}`);

/** The keys a visit marks: the account shown's; under Todas as contas every account's too, as all their alerts were shown. */
export const seenKeysOfVisit = (selection: string | undefined, sellers: readonly { id: string }[]): string[] =>
  selection === ALL_SELLERS ? [seenKey(ALL_SELLERS), ...sellers.map((seller) => seenKey(seller.id))] : [seenKey(selection)];

type SeenRow = Pick<OpenAlertRow, "last_changed" | "seller_id">;

/**
 * Alerts that opened or changed after the last visit (all of them before the first). Under Todas
 * as contas an alert counts from the later of that view's visit and its own account's.
 */
export function newAlertCount(alerts: readonly SeenRow[], selection: string | undefined, seenAt: (key: string) => string | null): number {
  const own = seenAt(seenKey(selection));
  const lastVisit = (alert: SeenRow): string | null => {
    if (selection !== ALL_SELLERS || alert.seller_id === undefined) return own;
    const account = seenAt(seenKey(alert.seller_id));
    return own === null || (account !== null && account > own) ? account : own;
  };
  return alerts.filter((alert) => {
    const seen = lastVisit(alert);
    return seen === null || alert.last_changed > seen;
  }).length;
}
