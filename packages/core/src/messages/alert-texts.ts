/**
 * The texts of alerts, of the digests that carry them (webhook, Slack, e-mail) and of the empty
 * overview, by code, in every language. A data table: it grows with the kinds, not with logic.
 */
import { plural, type Entry } from "./format.js";

/** An age bucket as a reader says it: "181–365", or "mais de 365" for "over_365". */
const bucket = (key: string, over: string): string => (key.startsWith("over_") ? `${over} ${key.slice("over_".length)}` : key.replace("-", "–"));

export const ALERT_TEXTS = {
  // What holds, per alert kind (alerts/derive.ts).
  alert_aged_stock: {
    "pt-BR": (p: { aged_units: number; oldest_bucket: string }, f) =>
      `${f.number(p.aged_units)} ${plural(p.aged_units, "unidade passou", "unidades passaram")} do limite de estoque antigo; as mais antigas têm ${bucket(p.oldest_bucket, "mais de")} dias`,
    en: (p: { aged_units: number; oldest_bucket: string }, f) =>
      `${f.number(p.aged_units)} ${plural(p.aged_units, "unit", "units")} past the aged threshold, the oldest ${bucket(p.oldest_bucket, "over")} days old`,
  },
  alert_aged_surcharge: {
    "pt-BR": (p: { units: number; notice_days: number; surcharge: number }, f) =>
      `${f.number(p.units)} ${plural(p.units, "unidade passa", "unidades passam")} do limite de estoque antigo em até ${f.number(p.notice_days)} dias; sobretaxa prevista de ${f.money(p.surcharge)} em 30 dias`,
    en: (p: { units: number; notice_days: number; surcharge: number }, f) =>
      `${f.number(p.units)} ${plural(p.units, "unit passes", "units pass")} the aged threshold within ${f.number(p.notice_days)} days; surcharge ahead ${f.money(p.surcharge)} in 30 days`,
  },
  alert_stockout: {
    "pt-BR": (p: { stockout_date: string; lead_time_days: number }, f) =>
      `O Full acaba em ${f.day(p.stockout_date)}, antes que um envio possa chegar (prazo de ${f.number(p.lead_time_days)} dias)`,
    en: (p: { stockout_date: string; lead_time_days: number }, f) =>
      `Full runs out on ${f.day(p.stockout_date)}, before a shipment could arrive (${f.number(p.lead_time_days)}-day lead time)`,
  },
  alert_low_coverage: {
    "pt-BR": (p: { coverage_days: number; trigger_days: number }, f) =>
      `O estoque Full dura ${f.number(p.coverage_days, 1)} dias, abaixo do gatilho de ${f.number(p.trigger_days)} dias`,
    en: (p: { coverage_days: number; trigger_days: number }, f) => `Full stock lasts ${f.number(p.coverage_days, 1)} days, below the ${f.number(p.trigger_days)}-day trigger`,
  },
  alert_stranded: {
    "pt-BR": (p: { units: number; days: number }, f) => `${f.number(p.units)} ${plural(p.units, "unidade não vende", "unidades não vendem")} em ${f.number(p.days)} dias`,
    en: (p: { units: number; days: number }, f) => `${f.number(p.units)} ${plural(p.units, "unit", "units")} will not sell within ${f.number(p.days)} days`,
  },
  alert_sync_failed: {
    "pt-BR": (p: { run_id: string; error: string | null }) => `A sincronização ${p.run_id} falhou: ${p.error ?? "nenhum motivo registrado"}`,
    en: (p: { run_id: string; error: string | null }) => `Sync run ${p.run_id} failed: ${p.error ?? "no reason recorded"}`,
  },
  alert_sync_stale: {
    "pt-BR": (p: { hours: number; last_success_at: string | null }, f) =>
      `Nenhuma sincronização bem-sucedida em ${f.number(p.hours)} horas: ${p.last_success_at === null ? "nenhuma teve sucesso ainda" : `a última terminou em ${f.instant(p.last_success_at)}`}`,
    en: (p: { hours: number; last_success_at: string | null }, f) =>
      `No successful sync in ${f.number(p.hours)} hours: ${p.last_success_at === null ? "no sync has succeeded yet" : `the last one finished at ${f.instant(p.last_success_at)}`}`,
  },

  // The kinds' names (alerts/kinds.ts): the console's and the digests' headings.
  alert_kind_aged_stock: { "pt-BR": () => "Estoque envelhecido", en: () => "Aged stock" },
  alert_kind_aged_surcharge: { "pt-BR": () => "Sobretaxa de envelhecimento em até 7 dias", en: () => "Aged surcharge within 7 days" },
  alert_kind_low_coverage: { "pt-BR": () => "Cobertura abaixo do gatilho", en: () => "Coverage below the trigger" },
  alert_kind_stockout: { "pt-BR": () => "Ruptura antes do prazo de reposição", en: () => "Stockout before the lead time" },
  alert_kind_stranded: { "pt-BR": () => "Estoque parado", en: () => "Stranded stock" },
  alert_kind_sync_failed: { "pt-BR": () => "Sincronização falhou", en: () => "Sync failed" },
  alert_kind_sync_stale: { "pt-BR": () => "Sem sincronização bem-sucedida em 26 horas", en: () => "No successful sync in 26 hours" },

  // A digest's words (alerts/digest.ts).
  alert_change_opened: { "pt-BR": () => "novo", en: () => "new" },
  alert_change_worsened: { "pt-BR": () => "piorou", en: () => "worse" },
  alert_change_cleared: { "pt-BR": () => "resolvido", en: () => "cleared" },
  digest_changes: {
    "pt-BR": (p: { count: number; by_kind: string }, f) => `${f.number(p.count)} ${plural(p.count, "mudança de alerta", "mudanças de alerta")}${p.by_kind ? ` (${p.by_kind})` : ""}`,
    en: (p: { count: number; by_kind: string }, f) => `${f.number(p.count)} alert ${plural(p.count, "change", "changes")}${p.by_kind ? ` (${p.by_kind})` : ""}`,
  },
  digest_subject: {
    "pt-BR": (p: { summary: string }) => `Alertas do fulfillment: ${p.summary}`,
    en: (p: { summary: string }) => `Fulfillment alerts: ${p.summary}`,
  },
  digest_header: {
    "pt-BR": (p: { count: number }, f) => `Alertas do fulfillment (${f.number(p.count)})`,
    en: (p: { count: number }, f) => `Fulfillment alerts (${f.number(p.count)})`,
  },
  digest_coverage: { "pt-BR": (p: { days: number }, f) => `cobertura ${f.number(p.days, 1)} d`, en: (p: { days: number }, f) => `coverage ${f.number(p.days, 1)} d` },
  digest_stockout: { "pt-BR": (p: { date: string }, f) => `ruptura ${f.day(p.date)}`, en: (p: { date: string }, f) => `stockout ${f.day(p.date)}` },
  digest_units_to_send: {
    "pt-BR": (p: { units: number }, f) => `enviar ${f.number(p.units)} un.`,
    en: (p: { units: number }, f) => `send ${f.number(p.units)} ${plural(p.units, "unit", "units")}`,
  },
  digest_surcharge: { "pt-BR": (p: { surcharge: number }, f) => `sobretaxa ${f.money(p.surcharge)}`, en: (p: { surcharge: number }, f) => `surcharge ${f.money(p.surcharge)}` },
  digest_open_link: { "pt-BR": () => "abrir", en: () => "open" },

  // GET /full/overview before the first sync (SPEC 4.A: tells the operator to run the sync).
  overview_no_data: {
    "pt-BR": () => "Ainda não há dados de estoque Full. Rode a sincronização (POST /full/sync) para carregá-los.",
    en: () => "No fulfillment stock data yet. Run the sync (POST /full/sync) to load it.",
  },
} satisfies Record<string, Entry>;
