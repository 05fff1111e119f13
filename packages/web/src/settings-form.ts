/**
 * The settings screen's forms, generated from GET /settings/defaults: the kind of each field comes
 * from its default's type, values are edited as drafts and turned back into the JSON a
 * PUT /settings/{group} takes, with only the keys that changed.
 */

import type { operations, Schema } from "@fulfillment/client";
import { isSecretKey } from "@fulfillment/core/settings/history";

/** A settings group's name, as the API's paths take it. */
export type SettingsGroup = operations["getSettingsGroup"]["parameters"]["path"]["group"];
/** A setting's value as the API reads and stores it. */
export type SettingValue = Schema<"SettingValue">;
/** A group's keys and values (GET /settings/{group}). */
export type SettingsValues = Schema<"SettingsGroupValues">;

export const GROUP_LABELS: Record<string, string> = {
  geral: "Geral",
  financeiro: "Financeiro",
  estoque: "Estoque",
  core_ai: "Motor de previsão",
  catalogo: "Catálogo",
  integracoes: "Integrações",
};

/** Keys the API takes without a default (SPEC 4.B PUT), offered in their group's form. */
const KEYS_WITHOUT_DEFAULT: Record<string, string[]> = { integracoes: ["erp_api_token"] };

/** Secret values are masked on screen: the API's rule (API keys, tokens, passwords), also kept out of the settings history. */
export { isSecretKey };

export type FieldKind = "boolean" | "number" | "text" | "secret" | "list" | "multiplier";

export type Multiplier = Schema<"ForecastMultiplier">;

export interface SettingField {
  key: string;
  label: string;
  kind: FieldKind;
  /** undefined for keys without a default. */
  defaultValue: SettingValue | undefined;
  /** What the API returned for the group. */
  value: SettingValue | undefined;
}

/** A multiplier as edited: its switch, and its numbers and description as typed. */
export type MultiplierDraft = { [Field in keyof Multiplier]: Field extends "enabled" ? boolean : string };

export type Draft = boolean | string | MultiplierDraft;

const isMultiplier = (value: unknown): value is Multiplier =>
  typeof value === "object" && value !== null && !Array.isArray(value) && "weight" in value && "min" in value && "max" in value;

function kindOf(key: string, defaultValue: SettingValue | undefined): FieldKind {
  if (typeof defaultValue === "boolean") return "boolean";
  if (typeof defaultValue === "number") return "number";
  if (Array.isArray(defaultValue)) return "list";
  if (isMultiplier(defaultValue)) return "multiplier";
  return isSecretKey(key) ? "secret" : "text";
}

const WORDS: Record<string, string> = {
  padrao: "padrão",
  diario: "diário",
  minima: "mínima",
  minimo: "mínimo",
  maximo: "máximo",
  max: "máx.",
  min: "mín.",
  critico: "crítico",
  previsao: "previsão",
  comissao: "comissão",
  reconciliacao: "reconciliação",
  calibracao: "calibração",
  frequencia: "frequência",
  horario: "horário",
  tributario: "tributário",
  aliquota: "alíquota",
  deposito: "depósito",
  seguranca: "segurança",
  reversao: "reversão",
  condicao: "condição",
  titulo: "título",
  abreviacoes: "abreviações",
  imagem: "imagem",
  dimensao: "dimensão",
  anuncio: "anúncio",
  precos: "preços",
  preco: "preço",
  catalogo: "catálogo",
  faturamento: "faturamento",
  toleravel: "tolerável",
  amostras: "amostras",
  semana: "semana",
  dia: "dia",
  fuso: "fuso",
  cidade: "cidade",
  mp: "MP",
  erp: "ERP",
  api: "API",
  uf: "UF",
  cnpj: "CNPJ",
  difal: "DIFAL",
};

/** A label written for people, per key of SPEC 4.B (keys not listed fall back to labelOf). */
export const SETTING_LABELS: Record<string, string> = {
  empresa_nome: "Nome da empresa",
  empresa_cnpj: "CNPJ da empresa",
  empresa_uf: "UF da empresa",
  regime_tributario: "Regime tributário",
  aliquota_simples: "Alíquota do Simples (%)",
  moeda: "Moeda",
  fuso_horario: "Fuso horário",
  formato_data: "Formato de data",
  primeiro_dia_semana: "Primeiro dia da semana",
  email_alertas: "E-mail para alertas",
  whatsapp_alertas: "WhatsApp para alertas",
  alerta_estoque_critico: "Alertar estoque crítico",
  alerta_resumo_diario: "Enviar resumo diário",
  alerta_previsao_erro: "Alertar erro de previsão",
  margem_minima: "Margem mínima (%)",
  meta_faturamento_mensal: "Meta de faturamento mensal (R$)",
  meta_lucro_mensal: "Meta de lucro mensal (R$)",
  custos_fixos: "Custos fixos",
  comissao_mp: "Comissão do marketplace principal (%)",
  comissao_mp_b: "Comissão do marketplace B (%)",
  comissao_mp_c: "Comissão do marketplace C (%)",
  taxa_fixa_mp: "Taxa fixa do marketplace principal (R$)",
  taxa_fixa_mp_b: "Taxa fixa do marketplace B (R$)",
  taxa_fixa_mp_c: "Taxa fixa do marketplace C (R$)",
  calcular_difal: "Calcular DIFAL",
  uf_origem: "UF de origem",
  aliquota_interna: "Alíquota interna de ICMS (%)",
  nivel_critico: "Nível crítico (unidades)",
  nivel_baixo: "Nível baixo (unidades)",
  usar_dias_estoque: "Usar dias de estoque nos alertas",
  dias_critico: "Estoque crítico abaixo de (dias)",
  dias_baixo: "Estoque baixo abaixo de (dias)",
  metodo_seguranca: "Método do estoque de segurança",
  multiplicador_seguranca: "Multiplicador de segurança",
  lead_time_padrao: "Prazo de reposição padrão (dias)",
  calcular_ponto_pedido: "Calcular ponto de pedido",
  alertar_ponto_pedido: "Alertar no ponto de pedido",
  sugerir_qtd_compra: "Sugerir quantidade de compra",
  multi_deposito: "Vários depósitos",
  reconciliacao_habilitada: "Reconciliação ativa",
  reconciliacao_horario: "Horário da reconciliação (HH:MM)",
  calibracao_habilitada: "Calibração ativa",
  calibracao_frequencia: "Frequência da calibração",
  calibracao_dia: "Dia da calibração",
  ajuste_maximo: "Ajuste máximo por calibração",
  min_amostras_calibrar: "Mínimo de amostras para calibrar",
  erro_max_toleravel: "Erro máximo tolerável (%)",
  alertar_erro_alto: "Alertar erro alto",
  limite_erro_alerta: "Limite de erro para alerta (%)",
  reverter_se_piorar: "Reverter se a previsão piorar",
  limite_reversao: "Limite para reverter (%)",
  feriados_custom: "Feriados próprios",
  tipo_anuncio_padrao: "Tipo de anúncio padrão",
  garantia_padrao: "Garantia padrão",
  condicao_padrao: "Condição padrão",
  prazo_envio_padrao: "Prazo de envio padrão (dias)",
  titulo_max_chars: "Tamanho máximo do título (caracteres)",
  titulo_sem_abreviacoes: "Título sem abreviações",
  titulo_sem_emojis: "Título sem emojis",
  alertar_titulo_longo: "Alertar título longo",
  alertar_margem_baixa: "Alertar margem baixa",
  margem_minima_alerta: "Margem mínima para alerta (%)",
  margem_minima_bloqueio: "Margem mínima para bloqueio (%)",
  arredondar_precos: "Arredondar preços",
  sugerir_preco: "Sugerir preço",
  imagem_dimensao: "Dimensão da imagem (px)",
  imagem_formato: "Formato da imagem",
  alertar_imagem_pequena: "Alertar imagem pequena",
  comprimir_imagem: "Comprimir imagens",
  mp_sync_estoque: "Sincronizar estoque com o marketplace",
  mp_sync_precos: "Sincronizar preços com o marketplace",
  mp_importar_pedidos: "Importar pedidos do marketplace",
  mp_intervalo_sync: "Intervalo da sincronização (minutos)",
  erp_importar_custos: "Importar custos do ERP",
  erp_sync_bidirecional: "Sincronização do ERP nos dois sentidos",
  erp_criar_produtos_auto: "Criar produtos no ERP automaticamente",
  erp_api_token: "Token de API do ERP",
  weather_api_key: "Chave da API de clima",
  weather_cidade: "Cidade do clima (cidade,país)",
  weather_enabled: "Usar o clima na previsão",
  trends_enabled: "Usar tendências de busca",
  trends_keywords: "Palavras-chave de tendências",
};

const WEEK_DAYS = [
  { value: "monday", label: "Segunda-feira" },
  { value: "tuesday", label: "Terça-feira" },
  { value: "wednesday", label: "Quarta-feira" },
  { value: "thursday", label: "Quinta-feira" },
  { value: "friday", label: "Sexta-feira" },
  { value: "saturday", label: "Sábado" },
  { value: "sunday", label: "Domingo" },
];

export interface Choice {
  value: string;
  label: string;
}

/** Text keys whose values are a known list: chosen, not typed (a stored value outside the list is still offered). */
export const SETTING_CHOICES: Record<string, readonly Choice[]> = {
  primeiro_dia_semana: WEEK_DAYS,
  calibracao_dia: WEEK_DAYS,
  calibracao_frequencia: [
    { value: "daily", label: "Diária" },
    { value: "weekly", label: "Semanal" },
    { value: "monthly", label: "Mensal" },
  ],
  metodo_seguranca: [
    { value: "auto", label: "Automático (pela variação das vendas no prazo)" },
    { value: "dias", label: "Dias de venda" },
    { value: "fixo", label: "Unidades fixas" },
    { value: "nenhum", label: "Sem estoque de segurança" },
  ],
  regime_tributario: [
    { value: "simples", label: "Simples Nacional" },
    { value: "lucro_presumido", label: "Lucro presumido" },
    { value: "lucro_real", label: "Lucro real" },
  ],
  formato_data: [
    { value: "DD/MM/YYYY", label: "dd/mm/aaaa" },
    { value: "YYYY-MM-DD", label: "aaaa-mm-dd" },
    { value: "MM/DD/YYYY", label: "mm/dd/aaaa" },
  ],
  tipo_anuncio_padrao: [
    { value: "classico", label: "Clássico" },
    { value: "premium", label: "Premium" },
  ],
  condicao_padrao: [
    { value: "novo", label: "Novo" },
    { value: "usado", label: "Usado" },
  ],
};

/** The choices of a text key, with a stored value outside the list kept as one more choice. */
export function choicesOf(key: string, current: string): readonly Choice[] | undefined {
  const choices = SETTING_CHOICES[key];
  if (!choices || current === "" || choices.some((choice) => choice.value === current)) return choices;
  return [...choices, { value: current, label: current }];
}

/** "lead_time_padrao" → "Lead time padrão". */
export function labelOf(key: string): string {
  if (SETTING_LABELS[key]) return SETTING_LABELS[key];
  const words = key.split("_").map((word) => WORDS[word] ?? word);
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The group's fields in the defaults' order, then stored keys without a default. */
export function fieldsOf(group: string, defaults: Record<string, SettingValue>, current: Record<string, SettingValue>): SettingField[] {
  const keys = [...Object.keys(defaults)];
  for (const key of [...(KEYS_WITHOUT_DEFAULT[group] ?? []), ...Object.keys(current)]) if (!keys.includes(key)) keys.push(key);
  return keys.map((key) => {
    const defaultValue = key in defaults ? defaults[key] : undefined;
    return { key, label: labelOf(key), kind: kindOf(key, defaultValue), defaultValue, value: current[key] };
  });
}

/** Numbers as a person in Brazil types them: "12,5" (a dot is accepted too). */
const numberDraft = (value: number): string => String(value).replace(".", ",");

const textOfItem = (item: unknown): string => (typeof item === "string" ? item : JSON.stringify(item));

/** The editable form of a value. */
export function toDraft(field: SettingField): Draft {
  const value = field.value ?? field.defaultValue;
  switch (field.kind) {
    case "boolean":
      return value === true;
    case "number":
      return typeof value === "number" ? numberDraft(value) : String(value ?? "");
    case "list":
      return Array.isArray(value) ? value.map(textOfItem).join("\n") : String(value ?? "");
    case "multiplier": {
      const empty: Multiplier = { enabled: false, weight: 0, min: 0, max: 0, desc: "" };
      const fallback: Multiplier = isMultiplier(field.defaultValue) ? (field.defaultValue as Multiplier) : empty;
      const m: Multiplier = isMultiplier(value) ? { ...fallback, ...(value as Multiplier) } : fallback;
      return { enabled: m.enabled === true, weight: numberDraft(m.weight), min: numberDraft(m.min), max: numberDraft(m.max), desc: String(m.desc ?? "") };
    }
    default:
      return typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);
  }
}

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;

function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return DECIMAL.test(trimmed) ? Number(trimmed.replace(",", ".")) : undefined;
}

/** Items of a list draft: one a line; lines holding JSON objects or arrays stay objects unless the list holds text. */
function parseList(text: string, sample: unknown[]): unknown[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const textOnly = sample.length > 0 && sample.every((item) => typeof item === "string");
  return lines.map((line) => {
    if (textOnly || !/^[[{]/.test(line)) return line;
    try {
      return JSON.parse(line) as unknown;
    } catch {
      return line;
    }
  });
}

export type ParsedDraft = { ok: true; value: SettingValue } | { ok: false; error: string };

/** The value a draft stands for, or the reason it cannot be saved. */
export function fromDraft(field: SettingField, draft: Draft): ParsedDraft {
  switch (field.kind) {
    case "boolean":
      return { ok: true, value: draft === true };
    case "number": {
      const value = parseNumber(String(draft));
      return value === undefined ? { ok: false, error: "Informe um número (ex.: 12,5)." } : { ok: true, value };
    }
    case "list": {
      const sample = [field.value, field.defaultValue].find(Array.isArray) ?? [];
      return { ok: true, value: parseList(String(draft), sample as unknown[]) };
    }
    case "multiplier": {
      const m = draft as MultiplierDraft;
      const weight = parseNumber(m.weight);
      const min = parseNumber(m.min);
      const max = parseNumber(m.max);
      if (weight === undefined || min === undefined || max === undefined) return { ok: false, error: "Peso, mínimo e máximo devem ser números." };
      if (min > max) return { ok: false, error: "O mínimo não pode ser maior que o máximo." };
      return { ok: true, value: { enabled: m.enabled, weight, min, max, desc: m.desc } };
    }
    default:
      return { ok: true, value: String(draft) };
  }
}

/** Deep equality of JSON values, key order ignored. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) return a.length === (b as unknown[]).length && a.every((item, i) => sameValue(item, (b as unknown[])[i]));
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  return ak.length === bk.length && ak.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Marked on screen: a value that is not the built-in default (keys without a default count when set). */
export function differsFromDefault(field: SettingField, value: SettingValue | undefined = field.value): boolean {
  if (field.defaultValue === undefined) return value !== undefined && value !== "";
  return value !== undefined && !sameValue(value, field.defaultValue);
}

export type GroupChanges = { ok: true; body: Record<string, SettingValue> } | { ok: false; errors: Record<string, string> };

/** The PUT body for a group: every key whose draft differs from what the API returned. */
export function groupChanges(fields: readonly SettingField[], drafts: Readonly<Record<string, Draft>>): GroupChanges {
  const body: Record<string, SettingValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const draft = drafts[field.key];
    if (draft === undefined) continue;
    const parsed = fromDraft(field, draft);
    if (!parsed.ok) errors[field.key] = parsed.error;
    else if (!sameValue(parsed.value, field.value ?? field.defaultValue ?? (field.kind === "text" || field.kind === "secret" ? "" : undefined))) {
      body[field.key] = parsed.value;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, body };
}
