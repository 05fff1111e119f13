/**
 * What the service alerts about, and how bad each alert is. Severity orders subscriptions'
 * `min_severity` filter; an alert's `level` orders states of one kind (the aged-stock bucket), so
 * a higher level or severity is "worse".
 */
import { DEFAULT_LOCALE, text, type Locale } from "../messages/index.js";

export const ALERT_KINDS = ["aged_stock", "aged_surcharge", "low_coverage", "stockout", "stranded", "sync_failed", "sync_stale"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const SEVERITIES = ["info", "warning", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];

export const severityRank = (severity: Severity): number => SEVERITIES.indexOf(severity);

export const isAlertKind = (value: unknown): value is AlertKind => (ALERT_KINDS as readonly unknown[]).includes(value);
export const isSeverity = (value: unknown): value is Severity => (SEVERITIES as readonly unknown[]).includes(value);

/** A kind's name as the console and the digests show it, in `locale`. */
export const kindLabel = (kind: AlertKind, locale: Locale = DEFAULT_LOCALE): string => text(locale, `alert_kind_${kind}`);

/** The kinds' names in pt-BR (the console's language). */
export const KIND_LABELS: Record<AlertKind, string> = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, kindLabel(kind)])) as Record<AlertKind, string>;

/** The coverage below which a SKU alerts (the replenishment's default trigger, SPEC 4.A). */
export const COVERAGE_TRIGGER_DAYS = 14;
/** An aged surcharge that starts this many days ahead or sooner alerts. */
export const SURCHARGE_NOTICE_DAYS = 7;
/** No successful sync for this long alerts (and the stack's alarm says the same). */
export const SYNC_STALE_HOURS = 26;
