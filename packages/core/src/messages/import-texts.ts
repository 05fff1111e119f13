/**
 * The refusals of an import's values (imports.ts): each names where ("Line 3", "Item 2") and the
 * field, then the problem; `where` is kept as the parser names it and written in the reader's language.
 */
import type { Entry } from "./format.js";

type At = { where: string; field: string };

const WHERE = {
  "pt-BR": (where: string) => String(where).replace(/^Line /, "Linha ").replace(/^line /, "linha ").replace(/^The CSV$/, "O CSV").replace(/\(index (\d+)\)/, "(índice $1)"),
  en: (where: string) => where,
};
const ptAt = (p: At): string => `${WHERE["pt-BR"](p.where)}, campo ${p.field}`;
const enAt = (p: At): string => `${p.where}, field ${p.field}`;
const PT_KINDS: Record<string, string> = { "a list": "uma lista", boolean: "um booleano", object: "um objeto", number: "um número", string: "um texto" };

export const IMPORT_TEXTS = {
  import_not_a_number: {
    "pt-BR": (p: At & { value: string }) => `${ptAt(p)}: ${p.value} não é um número`,
    en: (p: At & { value: string }) => `${enAt(p)}: ${p.value} is not a number`,
  },
  import_expected_number: {
    "pt-BR": (p: At & { got: string }) => `${ptAt(p)}: esperado um número, recebido ${PT_KINDS[p.got] ?? p.got}`,
    en: (p: At & { got: string }) => `${enAt(p)}: expected a number, got ${p.got}`,
  },
  import_not_whole_units: {
    "pt-BR": (p: At & { value: number }) => `${ptAt(p)}: ${p.value} não é um número inteiro de unidades`,
    en: (p: At & { value: number }) => `${enAt(p)}: ${p.value} is not a whole number of units`,
  },
  import_negative: {
    "pt-BR": (p: At & { value: number }) => `${ptAt(p)}: ${p.value} é negativo`,
    en: (p: At & { value: number }) => `${enAt(p)}: ${p.value} is negative`,
  },
  import_over_units: {
    "pt-BR": (p: At & { value: number; max: number }) => `${ptAt(p)}: ${p.value} é mais que ${p.max} unidades`,
    en: (p: At & { value: number; max: number }) => `${enAt(p)}: ${p.value} is more than ${p.max} units`,
  },
  import_over_max: {
    "pt-BR": (p: At & { value: number; max: number }) => `${ptAt(p)}: ${p.value} é mais que ${p.max}`,
    en: (p: At & { value: number; max: number }) => `${enAt(p)}: ${p.value} is more than ${p.max}`,
  },
  import_missing_value: {
    "pt-BR": (p: At) => `${ptAt(p)}: valor ausente`,
    en: (p: At) => `${enAt(p)}: missing value`,
  },
  import_missing_nullable: {
    "pt-BR": (p: At) => `${ptAt(p)}: valor ausente (null limpa o ${p.field} gravado)`,
    en: (p: At) => `${enAt(p)}: missing value (null clears the stored ${p.field})`,
  },
  import_expected_text: {
    "pt-BR": (p: At & { got: string }) => `${ptAt(p)}: esperado um texto, recebido ${PT_KINDS[p.got] ?? p.got}`,
    en: (p: At & { got: string }) => `${enAt(p)}: expected text, got ${p.got}`,
  },
  import_too_long: {
    "pt-BR": (p: At & { max: number }) => `${ptAt(p)}: mais longo que ${p.max} caracteres`,
    en: (p: At & { max: number }) => `${enAt(p)}: longer than ${p.max} characters`,
  },
  import_control_characters: {
    "pt-BR": (p: At) => `${ptAt(p)}: contém caracteres de controle`,
    en: (p: At) => `${enAt(p)}: contains control characters`,
  },
  import_already_given: {
    "pt-BR": (p: At & { value: string; earlier: string }) => `${ptAt(p)}: ${p.value} já foi informado (${WHERE["pt-BR"](p.earlier)})`,
    en: (p: At & { value: string; earlier: string }) => `${enAt(p)}: ${p.value} is already given (${p.earlier})`,
  },
  import_sku_of_many_ads: {
    "pt-BR": (p: At & { sku: string; count: number; ads: string }) => `${ptAt(p)}: o SKU ${p.sku} pertence a ${p.count} anúncios (${p.ads}): informe sales_30d por ad_id`,
    en: (p: At & { sku: string; count: number; ads: string }) => `${enAt(p)}: SKU ${p.sku} belongs to ${p.count} ads (${p.ads}): give sales_30d per ad_id`,
  },
  import_ad_valued_twice: {
    "pt-BR": (p: At & { ad_id: string; earlier: string }) => `${ptAt(p)}: o anúncio ${p.ad_id} já recebe um valor (${WHERE["pt-BR"](p.earlier)})`,
    en: (p: At & { ad_id: string; earlier: string }) => `${enAt(p)}: ad ${p.ad_id} already gets a value (${p.earlier})`,
  },
  import_both_keys: {
    "pt-BR": (p: At) => `${ptAt(p)}: informe sku ou ad_id, não ambos`,
    en: (p: At) => `${enAt(p)}: give either sku or ad_id, not both`,
  },
  import_warehouse_empty: { "pt-BR": () => "O nome do depósito está vazio", en: () => "The warehouse name is empty" },
  import_warehouse_spaces: { "pt-BR": () => "O nome do depósito tem espaços no início ou no fim", en: () => "The warehouse name has leading or trailing spaces" },
  import_warehouse_too_long: {
    "pt-BR": (p: { max: number }) => `O nome do depósito tem mais de ${p.max} caracteres`,
    en: (p: { max: number }) => `The warehouse name is longer than ${p.max} characters`,
  },
  import_warehouse_control_characters: { "pt-BR": () => "O nome do depósito contém caracteres de controle", en: () => "The warehouse name contains control characters" },
} satisfies Record<string, Entry>;
