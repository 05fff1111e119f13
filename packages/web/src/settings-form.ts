/**
 * The settings screen's forms, generated from GET /settings/defaults: the kind of each field comes
 * from its default's type, values are edited as drafts and turned back into the JSON a
 * PUT /settings/{group} takes, with only the keys that changed.
 */

import { isSecretKey } from "@fulfillment/core/settings/history";
export type SettingValue = string | number | boolean | unknown[] | Record<string, unknown> | null;

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

export interface Multiplier {
  enabled: boolean;
  weight: number;
  min: number;
  max: number;
  desc: string;
}

export interface SettingField {
  key: string;
  label: string;
  kind: FieldKind;
  /** undefined for keys without a default. */
  defaultValue: SettingValue | undefined;
  /** What the API returned for the group. */
  value: SettingValue | undefined;
}

export interface MultiplierDraft {
  enabled: boolean;
  weight: string;
  min: string;
  max: string;
  desc: string;
}

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

/** "lead_time_padrao" → "Lead time padrão". */
export function labelOf(key: string): string {
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
