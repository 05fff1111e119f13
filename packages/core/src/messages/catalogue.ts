/**
 * Every reason, action and warning the service gives people, by stable code: the figures travel as
 * `params` (numbers, calendar days YYYY-MM-DD, names) and each language writes its own sentence
 * from them. A code without a pt-BR text fails the catalogue's test.
 */
import { ALERT_TEXTS } from "./alert-texts.js";
import { IMPORT_TEXTS } from "./import-texts.js";
import { plural, type Entry } from "./format.js";

export type ParamValue = number | string | null;

const VALUE_REASONS = {
  "pt-BR": (reason: string, min: number | null) =>
    ({ out_of_range: "fora do intervalo", negative: "não pode ser negativo", whole_days: "deve ser um número inteiro de dias", below_min_volume: `não pode ser menor que min_volume_l ${min}` })[reason] ?? reason,
  en: (reason: string, min: number | null) =>
    ({ out_of_range: "out of range", negative: "must not be negative", whole_days: "must be a whole number of days", below_min_volume: `must not be below min_volume_l ${min}` })[reason] ?? reason,
};
export type Params = Record<string, ParamValue>;

export const CATALOGUE = {
  // Restock plan: why a line says what it says (restock/plan.ts).
  velocity_steady: {
    "pt-BR": (p: { velocity: number; sales_30d: number }, f) => `Vende ${f.number(p.velocity, 2)}/dia (${f.number(p.sales_30d)} em 30 dias)`,
    en: (p: { velocity: number; sales_30d: number }, f) => `Sells ${f.number(p.velocity, 2)}/day (${f.number(p.sales_30d)} in 30 days)`,
  },
  velocity_stock_adjusted: {
    "pt-BR": (p: { velocity: number; in_stock_days: number; counted_days: number | null; velocity_raw: number; stockout_days: number }, f) =>
      `Vende ${f.number(p.velocity, 2)}/dia em ${f.number(p.in_stock_days)} dias com estoque${p.counted_days !== null ? `, contados como ${f.number(p.counted_days)}` : ""} ` +
      `(${f.number(p.velocity_raw, 2)}/dia em 30; ${f.number(p.stockout_days)} ${plural(p.stockout_days, "dia", "dias")} sem estoque desconsiderados)`,
    en: (p: { velocity: number; in_stock_days: number; counted_days: number | null; velocity_raw: number; stockout_days: number }, f) =>
      `Sells ${f.number(p.velocity, 2)}/day over ${f.number(p.in_stock_days)} in-stock days${p.counted_days !== null ? `, counted as ${f.number(p.counted_days)}` : ""} ` +
      `(${f.number(p.velocity_raw, 2)}/day over 30; ${f.number(p.stockout_days)} stockout days left out)`,
  },
  full_stock_lasts: {
    "pt-BR": (p: { available: number; in_transit: number; coverage_days: number; stockout_date: string }, f) =>
      `Estoque Full de ${f.number(p.available)} + ${f.number(p.in_transit)} em trânsito dura ${f.number(p.coverage_days, 1)} dias, até ${f.day(p.stockout_date)}`,
    en: (p: { available: number; in_transit: number; coverage_days: number; stockout_date: string }, f) =>
      `Full stock ${f.number(p.available)} + ${f.number(p.in_transit)} in transit lasts ${f.number(p.coverage_days, 1)} days, until ${f.day(p.stockout_date)}`,
  },
  snoozed_until: {
    "pt-BR": (p: { until: string }, f) => `Adiado até ${f.day(p.until)}`,
    en: (p: { until: string }, f) => `Snoozed until ${f.day(p.until)}`,
  },
  full_stock_covers_target: {
    "pt-BR": (p: { target_days: number; lead_time_days: number }, f) =>
      `O estoque Full cobre ${f.number(p.target_days)} dias mais a segurança depois do prazo de ${f.number(p.lead_time_days)} dias`,
    en: (p: { target_days: number; lead_time_days: number }, f) =>
      `Full stock covers ${f.number(p.target_days)} days plus safety after the ${f.number(p.lead_time_days)}-day lead time`,
  },
  ship_now: {
    "pt-BR": (p: { stockout_date: string; lead_time_days: number }, f) =>
      `Enviar agora: o Full acaba em ${f.day(p.stockout_date)}, dentro do prazo de ${f.number(p.lead_time_days)} dias`,
    en: (p: { stockout_date: string; lead_time_days: number }, f) =>
      `Ship now: Full runs out on ${f.day(p.stockout_date)}, within the ${f.number(p.lead_time_days)}-day lead time`,
  },
  ship_by_within_horizon: {
    "pt-BR": (p: { ship_by: string; lead_time_days: number; horizon_days: number }, f) =>
      `Enviar até ${f.day(p.ship_by)} (prazo de ${f.number(p.lead_time_days)} dias), dentro do horizonte de ${f.number(p.horizon_days)} dias`,
    en: (p: { ship_by: string; lead_time_days: number; horizon_days: number }, f) =>
      `Ship by ${f.day(p.ship_by)} (${f.number(p.lead_time_days)}-day lead time), within the ${f.number(p.horizon_days)}-day horizon`,
  },
  ship_by_after_horizon: {
    "pt-BR": (p: { ship_by: string; lead_time_days: number; horizon_days: number }, f) =>
      `Enviar até ${f.day(p.ship_by)} (prazo de ${f.number(p.lead_time_days)} dias), depois do horizonte de ${f.number(p.horizon_days)} dias`,
    en: (p: { ship_by: string; lead_time_days: number; horizon_days: number }, f) =>
      `Ship by ${f.day(p.ship_by)} (${f.number(p.lead_time_days)}-day lead time), after the ${f.number(p.horizon_days)}-day horizon`,
  },
  case_pack_rounding: {
    "pt-BR": (p: { needed: number; rounded: number; case_pack: number }, f) =>
      `${f.number(p.needed)} unidades arredondadas para ${f.number(p.rounded)} (caixa com ${f.number(p.case_pack)})`,
    en: (p: { needed: number; rounded: number; case_pack: number }, f) =>
      `${f.number(p.needed)} units rounded up to ${f.number(p.rounded)} (case pack of ${f.number(p.case_pack)})`,
  },
  no_local_stock_to_send: {
    "pt-BR": () => "Sem estoque local para enviar",
    en: () => "No local stock to send",
  },
  capped_by_local_stock: {
    "pt-BR": (p: { quantity: number; rounded: number }, f) => `Limitado pelo estoque local: ${f.number(p.quantity)} de ${f.number(p.rounded)} unidades`,
    en: (p: { quantity: number; rounded: number }, f) => `Capped by local stock: ${f.number(p.quantity)} of ${f.number(p.rounded)} units`,
  },

  // Aged stock: why the suggested action (aged-stock/action.ts).
  aged_no_sales_at_risk: {
    "pt-BR": (p: { units_at_risk: number; threshold_days: number; surcharge: number }, f) =>
      `Sem vendas em 30 dias: ${f.number(p.units_at_risk)} unidades passam de ${f.number(p.threshold_days)} dias agora ou em até 30 dias, ` +
      `${f.money(p.surcharge)} de sobretaxa de estoque antigo em 30 dias`,
    en: (p: { units_at_risk: number; threshold_days: number; surcharge: number }, f) =>
      `No sales in 30 days: ${f.number(p.units_at_risk)} units past the ${f.number(p.threshold_days)}-day threshold now or within 30 days, ` +
      `${f.money(p.surcharge)} of aged surcharge in 30 days`,
  },
  aged_no_sales_unknown_age: {
    "pt-BR": (p: { unknown_age_units: number }, f) => `Sem vendas em 30 dias e ${f.number(p.unknown_age_units)} unidades de idade desconhecida`,
    en: (p: { unknown_age_units: number }, f) => `No sales in 30 days and ${f.number(p.unknown_age_units)} units of unknown age`,
  },
  aged_none_at_risk: {
    "pt-BR": (p: { threshold_days: number }, f) => `Nenhuma unidade chega a ${f.number(p.threshold_days)} dias em até 30 dias`,
    en: (p: { threshold_days: number }, f) => `No units reach the ${f.number(p.threshold_days)}-day threshold within 30 days`,
  },
  aged_sells_in_time: {
    "pt-BR": (p: { velocity: number; units_at_risk: number; threshold_days: number }, f) =>
      `A ${f.number(p.velocity, 2)}/dia as ${f.number(p.units_at_risk)} unidades que passam de ${f.number(p.threshold_days)} dias em até 30 dias vendem antes de serem cobradas`,
    en: (p: { velocity: number; units_at_risk: number; threshold_days: number }, f) =>
      `At ${f.number(p.velocity, 2)}/day the ${f.number(p.units_at_risk)} units past the ${f.number(p.threshold_days)}-day threshold now or within 30 days sell before they are charged`,
  },
  aged_sells_too_slowly: {
    "pt-BR": (p: { velocity: number; units_at_risk: number; threshold_days: number; days_to_sell: number }, f) =>
      `A ${f.number(p.velocity, 2)}/dia as ${f.number(p.units_at_risk)} unidades que passam de ${f.number(p.threshold_days)} dias em até 30 dias levam ${f.number(p.days_to_sell)} dias para vender`,
    en: (p: { velocity: number; units_at_risk: number; threshold_days: number; days_to_sell: number }, f) =>
      `At ${f.number(p.velocity, 2)}/day the ${f.number(p.units_at_risk)} units past the ${f.number(p.threshold_days)}-day threshold now or within 30 days take ${f.number(p.days_to_sell)} days to sell`,
  },
  aged_surcharge_ahead: {
    "pt-BR": (p: { velocity: number; units_at_risk: number; threshold_days: number; surcharge: number }, f) =>
      `A ${f.number(p.velocity, 2)}/dia, ${f.number(p.units_at_risk)} unidades que passam de ${f.number(p.threshold_days)} dias em até 30 dias custam ${f.money(p.surcharge)} de sobretaxa em 30 dias; vendê-las antes evita o custo`,
    en: (p: { velocity: number; units_at_risk: number; threshold_days: number; surcharge: number }, f) =>
      `At ${f.number(p.velocity, 2)}/day ${f.number(p.units_at_risk)} units past the ${f.number(p.threshold_days)}-day threshold now or within 30 days cost ${f.money(p.surcharge)} of aged surcharge in 30 days; selling them sooner avoids it`,
  },
  aged_no_surcharge_known: {
    "pt-BR": (p: { units_at_risk: number; unknown_age_units: number; threshold_days: number }, f) =>
      `Sem tarifa, a sobretaxa não é calculada e nenhuma ação é sugerida: ${f.number(p.units_at_risk)} unidades passam de ${f.number(p.threshold_days)} dias (prazo padrão) agora ou em até 30 dias` +
      (p.unknown_age_units > 0 ? `, e ${f.number(p.unknown_age_units)} têm idade desconhecida` : ""),
    en: (p: { units_at_risk: number; unknown_age_units: number; threshold_days: number }, f) =>
      `Without a tariff no surcharge is computed and no action is suggested: ${f.number(p.units_at_risk)} units pass the ${f.number(p.threshold_days)}-day threshold (the default) now or within 30 days` +
      (p.unknown_age_units > 0 ? `, and ${f.number(p.unknown_age_units)} are of unknown age` : ""),
  },

  // Missing inputs: what could not be computed and where to add what is missing.
  no_active_tariffs: {
    "pt-BR": () =>
      "Nenhuma tarifa de armazenagem ativa: os custos de armazenagem e a sobretaxa de estoque antigo não são calculados. Cadastre a tabela de tarifas em Tarifas (POST /full/tariffs).",
    en: () => "No active storage tariff: storage costs and the aged-stock surcharge are not computed. Add the tariff table under Tariffs (POST /full/tariffs).",
  },
  no_tariff_for_volume: {
    "pt-BR": (p: { volume_l: number }, f) =>
      `Nenhuma tarifa ativa cobre o volume de ${f.number(p.volume_l, 4)} L: sem custo de armazenagem nem sobretaxa. Cadastre uma faixa que o cubra em Tarifas.`,
    en: (p: { volume_l: number }, f) => `No active tariff covers a volume of ${f.number(p.volume_l, 4)} L: no storage cost nor surcharge. Add a band covering it under Tariffs.`,
  },
  no_dimensions: {
    "pt-BR": (p: { ads: number }, f) =>
      `${f.number(p.ads)} ${plural(p.ads, "anúncio Full sem", "anúncios Full sem")} dimensões da embalagem: sem volume não há tarifa nem custo de armazenagem. As dimensões vêm do marketplace na sincronização.`,
    en: (p: { ads: number }, f) =>
      `${f.number(p.ads)} Full ${plural(p.ads, "ad has", "ads have")} no package dimensions: without a volume there is no tariff nor storage cost. Dimensions come from the marketplace with the sync.`,
  },
  ad_no_dimensions: {
    "pt-BR": () => "O anúncio deste SKU não tem dimensões da embalagem: sem volume não há tarifa. As dimensões vêm do marketplace na sincronização.",
    en: () => "This SKU's ad has no package dimensions: without a volume there is no tariff. Dimensions come from the marketplace with the sync.",
  },
  no_sales_data: {
    "pt-BR": () =>
      "Nenhum anúncio Full com vendas nos últimos 30 dias: o plano de reposição fica vazio e o estoque antigo não tem velocidade. Importe as vendas em Importações ou sincronize.",
    en: () => "No Full ad with sales in the last 30 days: the restock plan is empty and aged stock has no velocity. Import sales under Imports or run the sync.",
  },
  no_local_stock: {
    "pt-BR": () => "Nenhum estoque local registrado: o plano de reposição não tem de onde enviar. Importe o estoque dos depósitos em Importações (PUT /full/local-stock/{depósito}).",
    en: () => "No local stock recorded: the restock plan has nowhere to ship from. Import the warehouses' stock under Imports (PUT /full/local-stock/{warehouse}).",
  },

  // Tariff writes: what was assumed (tariffs.ts).
  body_not_json: {
    "pt-BR": () => "O corpo não é JSON válido: foi lido como um objeto vazio",
    en: () => "The body is not valid JSON: it was read as an empty object",
  },
  body_not_object: {
    "pt-BR": () => "O corpo não é um objeto JSON: foi lido como um objeto vazio",
    en: () => "The body is not a JSON object: it was read as an empty object",
  },
  // Prefer: handling=strict refusals of a tariff body (tariffs.ts).
  strict_body_not_object: { "pt-BR": () => "O corpo deve ser um objeto JSON de campos de tarifa", en: () => "The body must be a JSON object of tariff fields" },
  strict_unknown_fields: {
    "pt-BR": (p: { count: number; fields: string; known: string }) => `${plural(p.count, "Campo desconhecido", "Campos desconhecidos")} ${p.fields}: uma tarifa tem ${p.known}`,
    en: (p: { count: number; fields: string; known: string }) => `Unknown field${p.count === 1 ? "" : "s"} ${p.fields}: a tariff has ${p.known}`,
  },
  strict_daily_fee_required: {
    "pt-BR": () => "daily_fee é obrigatório: sem ele a taxa diária seria 0, e o custo de armazenagem de todo SKU coberto pela tarifa também",
    en: () => "daily_fee is required: without it the daily fee would be 0 and so would the storage cost of every SKU the tariff covers",
  },
  daily_fee_assumed_zero: {
    "pt-BR": () => "daily_fee não foi informado: a taxa diária é 0, e o custo de armazenagem de todo SKU coberto por esta tarifa também",
    en: () => "daily_fee was not given: the daily fee is 0, so the storage cost of every SKU this tariff covers will be 0",
  },
  max_volume_open: {
    "pt-BR": () => "max_volume_l não foi informado: a tarifa não tem limite superior de volume",
    en: () => "max_volume_l was not given: the tariff has no upper volume bound",
  },
  tariff_overlap: {
    "pt-BR": (p: { min_volume_l: number; max_volume_l: number | null; other_id: number; other_name: string | null; other_min_volume_l: number; other_max_volume_l: number | null }, f) =>
      `A faixa ${f.number(p.min_volume_l, 4)}–${p.max_volume_l === null ? "∞" : f.number(p.max_volume_l, 4)} L sobrepõe a tarifa ativa ${p.other_id}${p.other_name ? ` "${p.other_name}"` : ""} ` +
      `(${f.number(p.other_min_volume_l, 4)}–${p.other_max_volume_l === null ? "∞" : f.number(p.other_max_volume_l, 4)} L); onde se sobrepõem a sincronização usa a de menor min_volume_l`,
    en: (p: { min_volume_l: number; max_volume_l: number | null; other_id: number; other_name: string | null; other_min_volume_l: number; other_max_volume_l: number | null }) =>
      `The volume range ${p.min_volume_l}–${p.max_volume_l ?? "∞"} L overlaps the active tariff ${p.other_id}${p.other_name ? ` "${p.other_name}"` : ""} ` +
      `(${p.other_min_volume_l}–${p.other_max_volume_l ?? "∞"} L); where they overlap the sync uses the one with the lower min_volume_l`,
  },

  // Refused values (tariffs.ts, settings/errors.ts): what a 400 or 404 answer says.
  tariff_value_invalid: {
    "pt-BR": (p: { field: string; value: string; reason: string | null; min_volume_l: number | null }) =>
      `Valor inválido para ${p.field}: ${p.value}${p.reason ? ` (${VALUE_REASONS["pt-BR"](p.reason, p.min_volume_l)})` : ""}`,
    en: (p: { field: string; value: string; reason: string | null; min_volume_l: number | null }) =>
      `Invalid value for ${p.field}: ${p.value}${p.reason ? ` (${VALUE_REASONS.en(p.reason, p.min_volume_l)})` : ""}`,
  },
  tariff_not_found: {
    "pt-BR": (p: { id: string }) => `Tarifa ${p.id} não encontrada`,
    en: (p: { id: string }) => `Tariff ${p.id} not found`,
  },
  settings_body_not_object: {
    "pt-BR": () => "O corpo da requisição deve ser um objeto JSON de chaves de configuração para valores",
    en: () => "Request body must be a JSON object of setting keys to values",
  },

  // Alerts, digests and the empty overview (alert-texts.ts).
  ...ALERT_TEXTS,

  // Refused import values (import-texts.ts).
  ...IMPORT_TEXTS,
} satisfies Record<string, Entry>;

export type MessageCode = keyof typeof CATALOGUE;

/** The params a code's sentence reads; a code whose text reads none takes none. */
export type ParamsOf<C extends MessageCode> = Parameters<(typeof CATALOGUE)[C]["pt-BR"]>[0];
