/** The HTTP contract of the tariff endpoints (SPEC 4.A): the request schema each handler parses with, and its answers. */
import * as z from "zod/mini";
import { Tariffs, Time, type Messages, type Tariff as CoreTariff, type TariffVersions } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { explain, issueText } from "../error-texts.js";
import { isJsonObject, parseJsonBody } from "#http/request";
import { type Agrees, anyCaseWords, calendarDay, type Checked, common, count, described, endpoint, failure, integer, Message, named, nullableDateTime, nullableNumber, nullableText, ok, succeeded, text, bounded, list, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// Tariffs

/** Numeric or yes/no text of a tariff field: far more than any number written out needs. */
const NUMBER_CHARS = 64;
/** A Prefer header: a few preferences. */
const PREFER_CHARS = 1024;

/** A path id that is not a positive whole number names no tariff: 404, as for an unknown id. */
function tariffId(raw: string | number): number {
  const text = String(raw);
  const id = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Tariffs.TariffNotFoundError(text);
  return id;
}

/** An id longer than any the service assigns names no tariff either (404); other refusals are 400. */
const tariffRefusal = (issue: z.core.$ZodIssue): Error =>
  issue.path[0] === "path" ? new Tariffs.TariffNotFoundError(issue.message) : new InvalidInputError(issue.message);

export const TariffPath = z.object({
  tariff_id: described(
    "Tariff id, a positive whole number; any other value names no tariff (404)",
    z.pipe(z.union([whole(1, LIMITS.safeIntegerMax), z.string().check(z.maxLength(LIMITS.idChars, { error: (issue) => String(issue.input).slice(0, LIMITS.idChars) }))]), z.transform(tariffId)),
  ),
});

export const Tariff = named(
  "Tariff",
  "A fulfillment storage tariff for a volume band",
  z.object({
    id: described("Assigned by the service", whole(0, LIMITS.safeIntegerMax)),
    name: nullableText("Name", LIMITS.nameChars),
    min_volume_l: described("Lower bound of the volume band in litres (included)", z.number()),
    max_volume_l: nullableNumber("Upper bound of the volume band in litres (excluded); null for no upper bound"),
    daily_fee: nullableNumber("Storage fee per unit per day"),
    inbound_fee: nullableNumber("Inbound fee per unit"),
    aged_days_threshold: integer("Days after which stock counts as aged", LIMITS.safeIntegerMax),
    aged_daily_factor: described("Multiplier of daily_fee for aged stock", z.number()),
    active: described("Only active tariffs are used by the cost calculation", z.boolean()),
  }),
);

const refused = (field: string) => ({ error: (issue: { input?: unknown }) => issueText(new Tariffs.TariffValueError(field, issue.input).explanation) });
const negative = (field: string) => ({
  error: (issue: { input?: unknown }) => issueText(new Tariffs.TariffValueError(field, issue.input, "negative").explanation),
});

/** A numeric field as SPEC 4.A takes it: a number, numeric text such as "12.5", a boolean (1 or 0), or null or blank for the default. */
const numeric = (field: string, description: string) =>
  described(
    `${description}. Numeric text ("12.5") is converted; null, blank or false gives the default`,
    z.optional(z.union([z.number().check(z.minimum(0, negative(field))), z.string().check(z.maxLength(NUMBER_CHARS), z.regex(Tariffs.NUMERIC_TEXT, refused(field))), z.boolean(), z.null()], refused(field))),
  );

/** The writable tariff fields, read leniently (the conversions are core/tariffs.ts); unknown fields are ignored unless strict. */
const tariffFields = () =>
  z.looseObject({
    name: described("Name; null or blank gives none", z.optional(z.union([bounded(LIMITS.nameChars), z.number(), z.null()], refused("name")))),
    min_volume_l: numeric("min_volume_l", "Lower bound of the volume band in litres, 0 or more; default 0"),
    max_volume_l: numeric("max_volume_l", "Upper bound in litres, not below min_volume_l; default none (no upper bound)"),
    daily_fee: numeric("daily_fee", "Storage fee per unit per day, 0 or more; default 0"),
    inbound_fee: numeric("inbound_fee", "Inbound fee per unit, 0 or more; default 0"),
    aged_days_threshold: numeric(
      "aged_days_threshold",
      `Whole days after which stock counts as aged; 0 or the default gives ${Tariffs.DEFAULT_AGED_DAYS_THRESHOLD}`,
    ),
    aged_daily_factor: numeric(
      "aged_daily_factor",
      `Multiplier of daily_fee for aged stock; 0 or the default gives ${Tariffs.DEFAULT_AGED_DAILY_FACTOR}`,
    ),
    effective_from: z.optional(z.nullable(businessDay("effective_from", EFFECTIVE_FROM))),
    active: described(
      "Whether the cost calculation uses the tariff (default true): a boolean, a number (0 is false), or true/false, yes/no, on/off, 1/0 as text in any case",
      z.optional(z.union([z.boolean(), z.number(), z.string().check(z.maxLength(NUMBER_CHARS), z.regex(anyCaseWords(Tariffs.BOOLEAN_WORDS), refused("active"))), z.null()], refused("active"))),
    ),
  });

/** A business day YYYY-MM-DD, or blank for today; anything else is refused naming the parameter. */
const businessDay = (name: string, description: string) => {
  const refusal = (issue: { input?: unknown }) => issueText(explain("day_invalid", { name, got: String(issue.input).slice(0, 40) }));
  return described(
    description,
    z.string({ error: refusal }).check(z.maxLength(LIMITS.dayChars), z.refine((day) => day === "" || Time.isCalendarDate(day), { error: refusal })),
  );
};

const EFFECTIVE_FROM =
  "First business day (YYYY-MM-DD, business time zone) the change is in force; default today. A day ahead records next month's table now; a day past corrects a tariff (POST /full/storage-costs/recompute re-prices the stored days)";

/** The day a tariff write takes effect: the body's effective_from, else the query's, else today. */
export const effectiveDay = (body: unknown, query: { effective_from?: string }, today: string): string =>
  (body as { effective_from?: string | null } | undefined)?.effective_from || query.effective_from || today;

// SPEC 4.A: a body that is not valid JSON (or not a JSON object) is read as an empty object, unless strict.
const asTariffBody = (schema: z.ZodMiniType) => z.pipe(z.transform((body: unknown): unknown => (isJsonObject(body) ? body : undefined)), z.optional(schema));

export const TariffCreateBody = named(
  "TariffCreateBody",
  "Every field is optional and takes its default when missing; numeric fields also accept numeric text. A body that is not valid JSON is treated as an empty object (each assumption is named in the answer's warnings). With Prefer: handling=strict the body must be a JSON object of these fields only, with daily_fee",
  tariffFields(),
);

export const TariffUpdateBody = named(
  "TariffUpdateBody",
  "Any subset of the tariff fields except id; only the fields present change, converted as on create (numeric text is accepted). With Prefer: handling=strict the body must be a JSON object of these fields only, and daily_fee, when present, not empty",
  tariffFields(),
);

/** RFC 7240 preference of the tariff writes. */
export const TariffWriteHeaders = z.object({
  prefer: described(
    "handling=strict (RFC 7240): a body that is not a JSON object, unknown fields or a daily_fee left out (on create) or emptied (on update) answer 400 and nothing is stored. Without it the body is read leniently, as SPEC says, and the answer's warnings name what was assumed",
    z.optional(bounded(PREFER_CHARS)),
  ),
});

/** RFC 7240: the client asks for strict handling with `Prefer: handling=strict` (names and values case-insensitive). */
export function prefersStrict(prefer: string | undefined): boolean {
  if (prefer === undefined) return false;
  return prefer
    .split(",")
    .map((preference) => preference.split(";")[0]!.trim().toLowerCase().replace(/\s*=\s*/, "=").replace(/"/g, ""))
    .includes("handling=strict");
}

/** A create or update body as the tariff rules read it (services/tariff-writes.ts). */
export interface TariffBody {
  input: unknown;
  /** The client asked for `Prefer: handling=strict`. */
  strict: boolean;
  /** What the lenient path assumed: SPEC's defaults for a field left out, a body that was not JSON. */
  warnings: Messages.Message[];
}

/**
 * A tariff create or update body as the tariff rules read it. Lenient by default (SPEC 4.A): a body
 * that is not valid JSON is an empty object, and each assumption becomes a warning. With
 * `Prefer: handling=strict` a body that is not a JSON object, unknown fields or a daily fee left out
 * are refused (InvalidInputError, 400).
 */
export function tariffBodyOf(prefer: string | undefined, text: string | undefined, action: "create" | "update"): TariffBody {
  const strict = prefersStrict(prefer);
  const parsed = parseJsonBody(text);
  if (strict) {
    if (parsed === undefined) throw new InvalidInputError(explain("strict_refusal", { problem: explain("strict_not_json") }));
    const problem = Tariffs.strictTariffBodyProblem(parsed, action);
    if (problem) throw new InvalidInputError(explain("strict_refusal", { problem }));
  }
  const input = isJsonObject(parsed) ? parsed : {};
  const unread = parsed === undefined ? [Tariffs.BODY_NOT_JSON_WARNING] : input !== parsed ? [Tariffs.BODY_NOT_OBJECT_WARNING] : [];
  return { input, strict, warnings: [...unread, ...Tariffs.tariffBodyAssumptions(input, action)] };
}

export const TariffListQuery = z.object({
  at: z.optional(businessDay("at", "A business day YYYY-MM-DD: the tariffs in force that day (default today); another value answers 400")),
});

export const TariffWriteQuery = z.object({ effective_from: z.optional(businessDay("effective_from", `${EFFECTIVE_FROM}. The body's effective_from wins`)) });

export const TariffListResponse = named(
  "TariffListResponse",
  "Every tariff, by min_volume_l ascending",
  z.object({ tariffs: list(Tariff, LIMITS.shortList * 10) }),
);

const TariffVersionFields = {
  tariff_id: described("The tariff", whole(0, LIMITS.safeIntegerMax)),
  version: count("1, 2, 3 … per tariff in the order recorded; 0 for a tariff as stored before versions were kept (in force since always)"),
  effective_from: described("First business day the version is in force; null: since always", z.nullable(z.iso.date().check(z.maxLength(LIMITS.dayChars)))),
  action: described("What the change did: create, update (a new version of the fields), or delete (not in force from that day)", z.enum(["create", "update", "delete"])),
  actor: text("Who recorded it: the signed-in caller, local in the open local mode, system for the loader", LIMITS.nameChars * 2),
  recorded_at: nullableDateTime("When it was recorded (UTC); null for version 0"),
};

export const TariffVersionSummary = named("TariffVersionSummary", "The version a tariff write recorded", z.object(TariffVersionFields));

export const TariffVersionEntry = named(
  "TariffVersionEntry",
  "One version of a tariff, with its fields from that day on (for a delete: the fields it had)",
  z.object({
    ...TariffVersionFields,
    request_id: described("The id of the API request that recorded it; null for version 0 and versions recorded before request ids were kept", z.nullable(bounded(LIMITS.idChars))),
    tariff: Tariff,
    in_force: described("This version is the one in force today", z.boolean()),
  }),
);

export const TariffHistoryResponse = named(
  "TariffHistoryResponse",
  "Every version of every tariff, by tariff then version",
  succeeded({ today: calendarDay("Today in the business time zone"), versions: list(TariffVersionEntry, LIMITS.catalogueItems) }),
);

export const TariffWriteResponse = named(
  "TariffWriteResponse",
  "The tariff as stored",
  succeeded({
    tariff: Tariff,
    version: TariffVersionSummary,
    warnings: described(
      "Present when something was assumed or is worth knowing, one sentence each: the body was not JSON (read as an empty object), the daily fee is 0 because it was left out, no upper volume bound, the volume range overlaps an active tariff (named). Each is also logged as a WARN line",
      z.optional(list(bounded(LIMITS.sentenceChars), LIMITS.shortList)),
    ),
    warning_details: described("The same warnings as data: code, params and text (in the request's language)", z.optional(list(Message, LIMITS.shortList))),
  }),
);

export const TariffDeleteResponse = named(
  "TariffDeleteResponse",
  "The tariff is no longer in force from the version's day; its earlier versions stay",
  succeeded({ version: TariffVersionSummary }),
);

// The core's tariff and version summary, checked against their schemas both ways.
export type TariffAnswers = Checked<[Agrees<typeof Tariff, CoreTariff>, Agrees<typeof TariffVersionSummary, TariffVersions.VersionSummary>]>;

// ---------------------------------------------------------------------------
// Endpoints

export const listTariffs = endpoint(
  "listTariffs",
  { query: TariffListQuery },
  {
    tag: "Tariffs",
    summary: "List tariffs",
    description: "The storage tariffs in force today (or on the day at), by min_volume_l ascending.",
    responses: { 200: ok(TariffListResponse, "The tariffs"), 400: failure("at is not a day YYYY-MM-DD"), ...common() },
  },
);

export const listTariffVersions = endpoint(
  "listTariffVersions",
  {},
  {
    tag: "Tariffs",
    summary: "Tariff versions",
    description:
      "Every version of every tariff: what each create, update and delete recorded, the day it took effect, who recorded it and when, and which version is in force today. Earlier versions are never changed; the cost of each day uses the version in force that day.",
    responses: { 200: ok(TariffHistoryResponse, "The versions"), ...common() },
  },
);

export const createTariff = endpoint(
  "createTariff",
  { query: TariffWriteQuery, headers: TariffWriteHeaders, body: asTariffBody(TariffCreateBody) },
  {
    tag: "Tariffs",
    summary: "Create a tariff",
    description:
      "Creates a tariff with the next id; missing fields take their defaults. A volume range that overlaps an active tariff is allowed and named in warnings. Send Prefer: handling=strict to have a body that is not valid JSON, unknown fields or a missing daily_fee refused instead of assumed.",
    body: { description: "The tariff fields", required: false },
    responses: {
      201: ok(TariffWriteResponse, "The tariff was created; warnings say what was assumed"),
      400: failure(
        "A value cannot be converted (or max_volume_l is below min_volume_l), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or no daily_fee; nothing was stored",
      ),
      ...common(),
    },
  },
);

export const updateTariff = endpoint(
  "updateTariff",
  { path: TariffPath, query: TariffWriteQuery, headers: TariffWriteHeaders, body: asTariffBody(TariffUpdateBody) },
  {
    refusal: tariffRefusal,
    tag: "Tariffs",
    summary: "Update a tariff",
    description:
      "Changes only the fields present in the body, with the conversions of create. Prefer: handling=strict refuses a body that is not valid JSON, unknown fields or an emptied daily_fee, as on create.",
    body: { description: "The fields to change", required: false },
    responses: {
      200: ok(TariffWriteResponse, "The tariff as updated; warnings say what was assumed"),
      400: failure(
        "A value cannot be converted (or the volume band ends up inverted), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or an empty daily_fee; nothing was changed",
      ),
      404: failure("No tariff has this id"),
      ...common(),
    },
  },
);

export const deleteTariff = endpoint(
  "deleteTariff",
  { path: TariffPath, query: TariffWriteQuery },
  {
    refusal: tariffRefusal,
    tag: "Tariffs",
    summary: "Delete a tariff",
    description: "The tariff is no longer in force from effective_from (default today); its earlier versions stay, so days before keep their price.",
    responses: {
      200: ok(TariffDeleteResponse, "The tariff was deleted"),
      400: failure("The storage failed, or effective_from is not a day YYYY-MM-DD"),
      404: failure("No tariff has this id, or it is not in force on effective_from"),
      ...common(),
    },
  },
);
