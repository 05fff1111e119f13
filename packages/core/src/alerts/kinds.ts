/**
 * What the service alerts about, and how bad each alert is. Severity orders subscriptions'
 * `min_severity` filter; an alert's `level` orders states of one kind (the aged-stock bucket), so
 * a higher level or severity is "worse".
 */

export const ALERT_KINDS = ["aged_stock", "aged_surcharge", "low_coverage", "stockout", "stranded", "sync_failed", "sync_stale"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const SEVERITIES = ["info", "warning", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const severityRank = (severity: Severity): number => SEVERITIES.indexOf(severity);

export const isAlertKind = (value: unknown): value is AlertKind => (ALERT_KINDS as readonly unknown[]).includes(value);
export const isSeverity = (value: unknown): value is Severity => (SEVERITIES as readonly unknown[]).includes(value);

/** Names of the kinds as the console and the digests show them. */
export const KIND_LABELS: Record<AlertKind, string> = {
  aged_stock: "Estoque envelhecido",
  aged_surcharge: "Sobretaxa de envelhecimento em até 7 dias",
  low_coverage: "Cobertura abaixo do gatilho",
  stockout: "Ruptura antes do prazo de reposição",
  stranded: "Estoque parado",
  sync_failed: "Sincronização falhou",
  sync_stale: "Sem sincronização bem-sucedida em 26 horas",
};

/** The coverage below which a SKU alerts (the replenishment's default trigger, SPEC 4.A). */
export const COVERAGE_TRIGGER_DAYS = 14;
/** An aged surcharge that starts this many days ahead or sooner alerts. */
export const SURCHARGE_NOTICE_DAYS = 7;
/** No successful sync for this long alerts (and the stack's alarm says the same). */
export const SYNC_STALE_HOURS = 26;
