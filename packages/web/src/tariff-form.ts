/** The tariff form: drafts typed in pt-BR and the bodies of POST and PUT /full/tariffs (SPEC 2.6). */
import type { Schema } from "@fulfillment/client";

/** A tariff as the API answers it. */
export type Tariff = Schema<"Tariff">;
/** The body of POST /full/tariffs; PUT takes the same fields, any subset. */
export type TariffBody = Schema<"TariffCreateBody"> & Schema<"TariffUpdateBody">;

export const NUMBER_FIELDS = ["min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor"] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

export type TariffDraft = { name: string; active: boolean } & Record<NumberField, string>;

export const FIELD_LABELS: Record<NumberField | "name" | "active", string> = {
  name: "Nome",
  min_volume_l: "Volume mínimo (L)",
  max_volume_l: "Volume máximo (L)",
  daily_fee: "Tarifa diária (R$/un.)",
  inbound_fee: "Tarifa de entrada (R$/un.)",
  aged_days_threshold: "Envelhece após (dias)",
  aged_daily_factor: "Fator de envelhecimento",
  active: "Ativa",
};

const text = (value: number | null | undefined): string => (value === null || value === undefined ? "" : String(value).replace(".", ","));

/** A new tariff starts from SPEC's create defaults. */
export function tariffDraft(tariff?: Tariff): TariffDraft {
  return {
    name: tariff?.name ?? "",
    min_volume_l: text(tariff?.min_volume_l ?? 0),
    max_volume_l: text(tariff?.max_volume_l),
    daily_fee: text(tariff?.daily_fee),
    inbound_fee: text(tariff?.inbound_fee),
    aged_days_threshold: text(tariff?.aged_days_threshold ?? 90),
    aged_daily_factor: text(tariff?.aged_daily_factor ?? 3),
    active: tariff?.active ?? true,
  };
}

// "1.234,56" or "0,12" as a person in Brazil writes it; a plain "0.12" stays as it is.
const PT_BR_DECIMAL = /^[+-]?\d{1,3}(\.\d{3})*(,\d+)?$|^[+-]?\d+,\d+$/;

/**
 * The value sent for a typed number: a JSON number when it reads as one, else the text as typed,
 * so the API's own check answers (and its error is shown next to the form).
 */
export function numberValue(typed: string): number | string | null {
  const trimmed = typed.trim();
  if (trimmed === "") return null;
  const normalised = PT_BR_DECIMAL.test(trimmed) && trimmed.includes(",") ? trimmed.replace(/\./g, "").replace(",", ".") : trimmed;
  const value = Number(normalised);
  return normalised !== "" && Number.isFinite(value) ? value : trimmed;
}

/** The JSON body for POST (every field) or PUT (only what changed from `original`). */
export function tariffBody(draft: TariffDraft, original?: Tariff): TariffBody {
  const body: TariffBody = { name: draft.name.trim() === "" ? null : draft.name.trim(), active: draft.active };
  for (const field of NUMBER_FIELDS) body[field] = numberValue(draft[field]);
  if (!original) return body;
  return Object.fromEntries(Object.entries(body).filter(([key, value]) => original[key as keyof Tariff] !== value)) as TariffBody;
}
