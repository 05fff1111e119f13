import { Tariffs, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import type { TariffBody } from "#services/tariff-writes";
import { isJsonObject, parseJsonBody, type HttpRequest } from "./request.js";

/** A path id that is not a positive integer names no tariff: 404, as for an unknown id. */
export function tariffIdFrom(pathParameters: Record<string, string>): number {
  const raw = pathParameters.tariff_id ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Tariffs.TariffNotFoundError(raw);
  return id;
}

/** RFC 7240: the client asks for strict handling with `Prefer: handling=strict` (names and values case-insensitive). */
export function prefersStrict(headers: Record<string, string>): boolean {
  const prefer = headers.prefer;
  if (prefer === undefined) return false;
  return prefer
    .split(",")
    .map((preference) => preference.split(";")[0]!.trim().toLowerCase().replace(/\s*=\s*/, "=").replace(/"/g, ""))
    .includes("handling=strict");
}

/**
 * A tariff create or update body. Lenient by default (SPEC 4.A): a body that is not valid JSON is an
 * empty object, and each assumption becomes a warning. With `Prefer: handling=strict` a body that
 * is not a JSON object, unknown fields or a daily fee left out are refused (InvalidInputError, 400).
 */
export function readTariffBody({ body, headers }: HttpRequest, action: "create" | "update"): TariffBody {
  const strict = prefersStrict(headers);
  const parsed = parseJsonBody(body);
  if (strict) {
    if (parsed === undefined) throw new InvalidInputError("The body is not valid JSON (Prefer: handling=strict)");
    const problem = Tariffs.strictTariffBodyProblem(parsed, action);
    if (problem) throw new InvalidInputError(`${problem} (Prefer: handling=strict)`);
  }
  const input = isJsonObject(parsed) ? parsed : {};
  const unread = parsed === undefined ? [Tariffs.BODY_NOT_JSON_WARNING] : input !== parsed ? [Tariffs.BODY_NOT_OBJECT_WARNING] : [];
  return { input, strict, warnings: [...unread, ...Tariffs.tariffBodyAssumptions(input, action)] };
}

/**
 * The business day a tariff change takes effect: the body's `effective_from` (create, update), else
 * the query's (any of the three writes, DELETE has no body), else today. Refused (400) when not a
 * calendar day YYYY-MM-DD.
 */
export function effectiveFromOf({ body, query }: HttpRequest, today: string): string {
  const parsed = parseJsonBody(body);
  const given: unknown = isJsonObject(parsed) && parsed.effective_from !== undefined && parsed.effective_from !== null ? parsed.effective_from : query.effective_from;
  if (given === undefined || given === "") return today;
  if (!Time.isCalendarDate(given)) throw new InvalidInputError(`effective_from must be a day YYYY-MM-DD, got ${JSON.stringify(String(given).slice(0, 40))}`);
  return given;
}

/** A day of `?at=` (GET /full/tariffs): the tariffs in force that day; today when absent. */
export function tariffDayOf(query: Readonly<Record<string, string>>, today: string): string {
  const at = query.at;
  if (at === undefined || at === "") return today;
  if (!Time.isCalendarDate(at)) throw new InvalidInputError(`at must be a day YYYY-MM-DD, got ${JSON.stringify(String(at).slice(0, 40))}`);
  return at;
}
