import { Tariffs } from "@fulfillment/core";
import { parseJsonBody } from "./request.js";

/** A path id that is not a positive integer names no tariff: 404, as for an unknown id. */
export function tariffIdFrom(pathParameters: Record<string, string>): number {
  const raw = pathParameters.tariff_id ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new Tariffs.TariffNotFoundError(raw);
  return id;
}

/** Converts a request body; a body that is not valid JSON is an empty object (SPEC 4.A). */
export const convertTariffBody = <T>(body: string | undefined, convert: (input: unknown) => T): T => convert(parseJsonBody(body) ?? {});
