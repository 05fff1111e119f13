/** The Alertas screen's words and the bell's count: labels in Portuguese from the alert kinds, and what is new since the last visit. */
import { KIND_LABELS } from "@fulfillment/core/alerts/kinds";
import type { Schema } from "@fulfillment/client";

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

/** Where the console keeps the instant of the last visit to the alerts screen. */
export const SEEN_KEY = "fulfillment.alertas.vistos";

/** Alerts that opened or changed after the last visit (all of them before the first). */
export const newAlertCount = (alerts: readonly Pick<OpenAlertRow, "last_changed">[], seenAt: string | null): number =>
  alerts.filter((alert) => seenAt === null || alert.last_changed > seenAt).length;
