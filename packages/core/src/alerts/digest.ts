/**
 * What a subscription receives: the events it asked for (kinds, minimum severity), grouped by
 * kind with the numbers an operator acts on and a link to the console's screen for the SKU. One
 * body serves an immediate delivery (the events of one sync or import) and a digest (the events
 * since the subscription's last digest); its `id` is the idempotency id receivers drop duplicates by.
 * Every text in it (labels, messages, the e-mail's and Slack's words) is in the subscription's
 * language, named by `language`; codes and params travel beside the messages.
 */
import { DEFAULT_LOCALE, text, type DescribedMessage, type Locale } from "../messages/index.js";
import { localizeAlert } from "./derive.js";
import { ALERT_KINDS, kindLabel, severityRank, type AlertKind, type Severity } from "./kinds.js";
import type { AlertChange, AlertEvent } from "./diff.js";

export interface SubscriptionFilter {
  kinds: readonly AlertKind[];
  min_severity: Severity;
}

export const wantsEvent = (filter: SubscriptionFilter, event: Pick<AlertEvent, "kind" | "severity">): boolean =>
  filter.kinds.includes(event.kind) && severityRank(event.severity) >= severityRank(filter.min_severity);

export interface DigestItem {
  change: AlertChange;
  at: string;
  sku: string | null;
  title: string | null;
  severity: Severity;
  message: string;
  /** The message as data: code, params and the text; null for an alert recorded before alerts carried codes. */
  message_detail: DescribedMessage | null;
  coverage_days: number | null;
  stockout_date: string | null;
  units_to_send: number | null;
  surcharge_ahead: number | null;
  /** The console's screen for the SKU (or the alerts screen for the sync's alerts). */
  link: string;
}

export interface DigestGroup {
  kind: AlertKind;
  label: string;
  items: DigestItem[];
}

export interface Digest {
  /** The idempotency id: the same digest delivered twice carries the same id. */
  id: string;
  type: "alerts" | "digest" | "test";
  /** The language of every text in the digest (the subscription's). */
  language: Locale;
  subscription_id: string;
  since: string | null;
  until: string;
  count: number;
  groups: DigestGroup[];
}

/** The console's screen for a SKU: the inventory list searched for it. */
export function skuLink(consoleUrl: string, sku: string | null): string {
  const base = consoleUrl.replace(/#.*$/, "");
  return sku === null ? `${base}#/alertas` : `${base}#/estoque?q=${encodeURIComponent(sku)}`;
}

const bySkuThenTime = (a: DigestItem, b: DigestItem): number => ((a.sku ?? "") < (b.sku ?? "") ? -1 : (a.sku ?? "") > (b.sku ?? "") ? 1 : a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

export interface DigestOptions {
  id: string;
  type: Digest["type"];
  subscriptionId: string;
  since: string | null;
  until: string;
  consoleUrl: string;
  /** The subscription's language; pt-BR when not given. */
  locale?: Locale;
}

/** The digest of the events the filter wants; null when none is wanted (nothing is sent). */
export function buildDigest(events: readonly AlertEvent[], filter: SubscriptionFilter, options: DigestOptions): Digest | null {
  const wanted = events.filter((event) => wantsEvent(filter, event));
  if (wanted.length === 0 && options.type !== "test") return null;
  const locale = options.locale ?? DEFAULT_LOCALE;
  const groups: DigestGroup[] = [];
  for (const kind of ALERT_KINDS) {
    const items = wanted
      .filter((event) => event.kind === kind)
      .map(
        (event): DigestItem => ({
          change: event.change,
          at: event.at,
          sku: event.sku,
          title: event.figures?.title ?? null,
          severity: event.severity,
          ...pick(localizeAlert(event, locale)),
          coverage_days: event.figures?.coverage_days ?? null,
          stockout_date: event.figures?.stockout_date ?? null,
          units_to_send: event.figures?.units_to_send ?? null,
          surcharge_ahead: event.figures?.surcharge_ahead ?? null,
          link: skuLink(options.consoleUrl, event.sku),
        }),
      )
      .sort(bySkuThenTime);
    if (items.length > 0) groups.push({ kind, label: kindLabel(kind, locale), items });
  }
  return { id: options.id, type: options.type, language: locale, subscription_id: options.subscriptionId, since: options.since, until: options.until, count: wanted.length, groups };
}

const pick = ({ message, message_detail }: Pick<AlertEvent, "message" | "message_detail">) => ({ message, message_detail });

function itemLine(item: DigestItem, locale: Locale): string {
  const figures = [
    item.coverage_days !== null ? text(locale, "digest_coverage", { days: item.coverage_days }) : null,
    item.stockout_date !== null ? text(locale, "digest_stockout", { date: item.stockout_date }) : null,
    item.units_to_send !== null && item.units_to_send > 0 ? text(locale, "digest_units_to_send", { units: item.units_to_send }) : null,
    item.surcharge_ahead !== null && item.surcharge_ahead > 0 ? text(locale, "digest_surcharge", { surcharge: item.surcharge_ahead }) : null,
  ].filter((figure) => figure !== null);
  const name = item.sku === null ? "" : `${item.sku}${item.title ? ` (${item.title})` : ""}: `;
  return `[${text(locale, `alert_change_${item.change}`)}] ${name}${item.message}${figures.length ? ` — ${figures.join(", ")}` : ""} ${item.link}`;
}

/** "3 mudanças de alerta (Estoque envelhecido 2, …)": what `npm start` prints and an e-mail's subject says. */
export function eventsSummary(events: readonly Pick<AlertEvent, "kind">[], locale: Locale = DEFAULT_LOCALE): string {
  const byKind = ALERT_KINDS.map((kind) => [kind, events.filter((event) => event.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${kindLabel(kind, locale)} ${n}`)
    .join(", ");
  return text(locale, "digest_changes", { count: events.length, by_kind: byKind });
}

export const digestSummary = (digest: Digest): string => eventsSummary(digest.groups.flatMap((group) => group.items.map(() => ({ kind: group.kind }))), digest.language);

/** The e-mail's subject and the first line of its text. */
export const digestSubject = (digest: Digest): string => text(digest.language, "digest_subject", { summary: digestSummary(digest) });

/** The digest as plain text (e-mail). */
export function digestText(digest: Digest): string {
  const sections = digest.groups.map((group) => [`${group.label} (${group.items.length})`, ...group.items.map((item) => `- ${itemLine(item, digest.language)}`)].join("\n"));
  return [digestSubject(digest), ...sections].join("\n\n");
}

/** Slack's incoming-webhook payload: `text` as the fallback, one section block per kind. */
export function slackPayload(digest: Digest): { text: string; blocks: unknown[] } {
  const open = text(digest.language, "digest_open_link");
  return {
    text: digestSubject(digest),
    blocks: [
      { type: "header", text: { type: "plain_text", text: text(digest.language, "digest_header", { count: digest.count }) } },
      ...digest.groups.map((group) => ({
        type: "section",
        text: { type: "mrkdwn", text: [`*${group.label}*`, ...group.items.map((item) => `• ${itemLine(item, digest.language).replace(item.link, `<${item.link}|${open}>`)}`)].join("\n") },
      })),
    ],
  };
}
