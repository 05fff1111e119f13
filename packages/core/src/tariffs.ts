/** Storage tariff bodies: conversion of create/update input, ordering and output (SPEC 2.6, 4.A /full/tariffs). */
import { message, render, type Message } from "./messages/index.js";
import type { Tariff } from "./records.js";

export type TariffFields = Omit<Tariff, "id">;
export type TariffPatch = Partial<TariffFields>;

export const DEFAULT_AGED_DAYS_THRESHOLD = 90;
export const DEFAULT_AGED_DAILY_FACTOR = 3.0;

/** Why a value was refused, beyond not being of the field's type. */
export type TariffValueReason = "out_of_range" | "negative" | "whole_days" | "below_min_volume";

/** A body value that cannot become the field's type; answered with 400. `explanation` is what the answer says, in the reader's language. */
export class TariffValueError extends Error {
  readonly explanation: Message;

  constructor(
    readonly field: string,
    readonly value: unknown,
    reason: TariffValueReason | null = null,
    minVolume: number | null = null,
  ) {
    const explanation = message("tariff_value_invalid", { field, value: show(value), reason, min_volume_l: minVolume });
    super(render(explanation, "en"));
    this.name = "TariffValueError";
    this.explanation = explanation;
  }
}

/** No tariff has this id (or the id cannot name one). */
export class TariffNotFoundError extends Error {
  readonly explanation: Message;

  constructor(readonly id: number | string) {
    const explanation = message("tariff_not_found", { id: String(id) });
    super(render(explanation, "en"));
    this.name = "TariffNotFoundError";
    this.explanation = explanation;
  }
}

function show(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint" || value === undefined) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

type Body = Record<string, unknown>;

// Anything but a plain object (array, string, number, null) reads as an empty body.
function asBody(body: unknown): Body {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

// A plain decimal as a person writes it: "12.5", " 3 ", "-1", "1e3"; not "", "0x10", "NaN", "Infinity".
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

/** Text a numeric tariff field takes: a plain decimal, or blank (the field's default). */
export const NUMERIC_TEXT = /^\s*([+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)?\s*$/;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

// What a stored number keeps exactly: integers up to 2^53, and no magnitude below 1e-130 (the table's floor).
const MAX_MAGNITUDE = Number.MAX_SAFE_INTEGER;
const MIN_MAGNITUDE = 1e-130;

/** A non-blank body value as a finite number; booleans count as 1 and 0. */
function toNumber(field: string, value: unknown): number {
  let number = NaN;
  if (typeof value === "number") number = value;
  else if (typeof value === "boolean") number = value ? 1 : 0;
  else if (typeof value === "string" && DECIMAL.test(value)) number = Number(value);
  if (!Number.isFinite(number)) throw new TariffValueError(field, value);
  const magnitude = Math.abs(number);
  if (magnitude > MAX_MAGNITUDE || (magnitude !== 0 && magnitude < MIN_MAGNITUDE)) throw new TariffValueError(field, value, "out_of_range");
  return number + 0; // + 0 turns -0 into 0
}

function nonNegative(field: string, value: unknown, number: number): number {
  if (number < 0) throw new TariffValueError(field, value, "negative");
  return number;
}

/** min_volume_l, daily_fee, inbound_fee: falsy means 0. */
function amount(field: string, value: unknown): number {
  if (isBlank(value)) return 0;
  return nonNegative(field, value, toNumber(field, value));
}

/** max_volume_l: missing, null or empty means no upper bound; 0 stays 0. */
function upperBound(value: unknown): number | null {
  if (isBlank(value)) return null;
  return nonNegative("max_volume_l", value, toNumber("max_volume_l", value));
}

function agedDaysThreshold(value: unknown): number {
  if (isBlank(value)) return DEFAULT_AGED_DAYS_THRESHOLD;
  const days = nonNegative("aged_days_threshold", value, toNumber("aged_days_threshold", value));
  if (!Number.isInteger(days)) throw new TariffValueError("aged_days_threshold", value, "whole_days");
  return days === 0 ? DEFAULT_AGED_DAYS_THRESHOLD : days;
}

function agedDailyFactor(value: unknown): number {
  if (isBlank(value)) return DEFAULT_AGED_DAILY_FACTOR;
  const factor = nonNegative("aged_daily_factor", value, toNumber("aged_daily_factor", value));
  return factor === 0 ? DEFAULT_AGED_DAILY_FACTOR : factor;
}

const FALSE_WORDS = new Set(["false", "0", "no", "off", ""]);
const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);

/** The words `active` takes as text, in any case and with spaces around (blank is false). */
export const BOOLEAN_WORDS: readonly string[] = [...FALSE_WORDS, ...TRUE_WORDS].filter(Boolean);

function toBoolean(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (value === null || value === undefined) return false;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (typeof value === "string") {
    const word = value.trim().toLowerCase();
    if (FALSE_WORDS.has(word)) return false;
    if (TRUE_WORDS.has(word)) return true;
  }
  throw new TariffValueError("active", value);
}

function toName(value: unknown): string | null {
  if (isBlank(value)) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new TariffValueError("name", value);
}

const CONVERTERS: { [K in keyof TariffFields]: (value: unknown) => TariffFields[K] } = {
  name: toName,
  min_volume_l: (value) => amount("min_volume_l", value),
  max_volume_l: upperBound,
  daily_fee: (value) => amount("daily_fee", value),
  inbound_fee: (value) => amount("inbound_fee", value),
  aged_days_threshold: agedDaysThreshold,
  aged_daily_factor: agedDailyFactor,
  active: toBoolean,
};

const FIELDS = Object.keys(CONVERTERS) as Array<keyof TariffFields>;

function checkVolumeRange(tariff: Pick<Tariff, "min_volume_l" | "max_volume_l">): void {
  if (tariff.max_volume_l !== null && tariff.max_volume_l < tariff.min_volume_l)
    throw new TariffValueError("max_volume_l", tariff.max_volume_l, "below_min_volume", tariff.min_volume_l);
}

/** A new tariff from a POST body, defaults applied; throws TariffValueError. */
export function tariffFromCreateBody(body: unknown): TariffFields {
  const input = asBody(body);
  const tariff: TariffFields = {
    name: CONVERTERS.name(input.name),
    min_volume_l: CONVERTERS.min_volume_l(input.min_volume_l),
    max_volume_l: CONVERTERS.max_volume_l(input.max_volume_l),
    daily_fee: CONVERTERS.daily_fee(input.daily_fee),
    inbound_fee: CONVERTERS.inbound_fee(input.inbound_fee),
    aged_days_threshold: CONVERTERS.aged_days_threshold(input.aged_days_threshold),
    aged_daily_factor: CONVERTERS.aged_daily_factor(input.aged_daily_factor),
    active: input.active === undefined ? true : CONVERTERS.active(input.active),
  };
  checkVolumeRange(tariff);
  return tariff;
}

/** The fields present in a PUT body, converted as on create; `id` and unknown keys are ignored. */
export function tariffPatchFromBody(body: unknown): TariffPatch {
  const input = asBody(body);
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (Object.hasOwn(input, field) && input[field] !== undefined) patch[field] = CONVERTERS[field](input[field]);
  }
  return patch as TariffPatch;
}

/** The stored tariff with a patch applied; throws TariffValueError when the volume range ends up inverted. */
export function applyTariffPatch(tariff: Tariff, patch: TariffPatch): Tariff {
  const updated: Tariff = { ...tariff, ...patch, id: tariff.id };
  checkVolumeRange(updated);
  return updated;
}

/** Listing order: min_volume_l ascending, then id. */
export function sortTariffs(tariffs: readonly Tariff[]): Tariff[] {
  return [...tariffs].sort((a, b) => a.min_volume_l - b.min_volume_l || a.id - b.id);
}

/** A tariff as output: all nine fields in SPEC 2.6 order, unset values as null. */
export function tariffOutput(tariff: Tariff): Tariff {
  return {
    id: tariff.id,
    name: tariff.name ?? null,
    min_volume_l: tariff.min_volume_l,
    max_volume_l: tariff.max_volume_l ?? null,
    daily_fee: tariff.daily_fee ?? null,
    inbound_fee: tariff.inbound_fee ?? null,
    aged_days_threshold: tariff.aged_days_threshold,
    aged_daily_factor: tariff.aged_daily_factor,
    active: tariff.active,
  };
}

// ---------------------------------------------------------------------------
// What the lenient path assumed, what the strict path refuses, and overlapping bands

/** Keys a tariff body may hold: the fields of SPEC 2.6 (`id` is read and ignored) and the day the change takes effect. */
const KNOWN_FIELDS = new Set<string>(["id", ...FIELDS, "effective_from"]);

/** Body keys that are no tariff field, in body order. */
export const unknownTariffFields = (body: Body): string[] => Object.keys(body).filter((key) => !KNOWN_FIELDS.has(key));

// A daily fee that is missing, blank or false becomes 0: the one default that zeroes storage costs.
const feeLeftOut = (value: unknown): boolean => isBlank(value) || value === false;

/**
 * What `Prefer: handling=strict` refuses beyond what cannot be converted: a body that is not a JSON
 * object, unknown fields, and a daily fee left out (on create) or blanked (on update). Undefined when
 * the body passes; else the reason, in words.
 */
export function strictTariffBodyProblem(body: unknown, action: "create" | "update"): Message | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return message("strict_body_not_object");
  const input = body as Body;
  const unknown = unknownTariffFields(input);
  if (unknown.length > 0) return message("strict_unknown_fields", { count: unknown.length, fields: unknown.join(", "), known: FIELDS.join(", ") });
  if (action === "create" ? feeLeftOut(input.daily_fee) : Object.hasOwn(input, "daily_fee") && feeLeftOut(input.daily_fee)) return message("strict_daily_fee_required");
  return undefined;
}

export const BODY_NOT_JSON_WARNING: Message = message("body_not_json");
export const BODY_NOT_OBJECT_WARNING: Message = message("body_not_object");

/**
 * The assumptions the lenient path made about a create or update body (SPEC 4.A defaults), each
 * as a message: a daily fee of 0 and an open upper volume bound taken from a field left out.
 */
export function tariffBodyAssumptions(body: unknown, action: "create" | "update"): Message[] {
  const input = asBody(body);
  const given = (field: keyof TariffFields): boolean => action === "create" || Object.hasOwn(input, field);
  const warnings: Message[] = [];
  if (given("daily_fee") && feeLeftOut(input.daily_fee)) warnings.push(message("daily_fee_assumed_zero"));
  if (given("max_volume_l") && isBlank(input.max_volume_l)) warnings.push(message("max_volume_open"));
  return warnings;
}

/** Two volume bands [min, max) share a volume; a null max is open. */
export function volumeRangesOverlap(a: Pick<Tariff, "min_volume_l" | "max_volume_l">, b: Pick<Tariff, "min_volume_l" | "max_volume_l">): boolean {
  const below = (min: number, max: number | null): boolean => max === null || min < max;
  const nonEmpty = below(a.min_volume_l, a.max_volume_l) && below(b.min_volume_l, b.max_volume_l);
  return nonEmpty && below(a.min_volume_l, b.max_volume_l) && below(b.min_volume_l, a.max_volume_l);
}

/**
 * Allowed by SPEC, but worth saying: the other active tariffs whose volume band overlaps this
 * active one, each named in a message. The sync takes the first by min_volume_l, so one of the
 * two does not apply where they overlap.
 */
export function overlapWarnings(tariff: Tariff, all: readonly Tariff[]): Message[] {
  if (!tariff.active) return [];
  return sortTariffs(all)
    .filter((other) => other.id !== tariff.id && other.active && volumeRangesOverlap(tariff, other))
    .map((other) =>
      message("tariff_overlap", {
        min_volume_l: tariff.min_volume_l,
        max_volume_l: tariff.max_volume_l,
        other_id: other.id,
        other_name: other.name,
        other_min_volume_l: other.min_volume_l,
        other_max_volume_l: other.max_volume_l,
      }),
    );
}
