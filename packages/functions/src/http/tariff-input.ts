import { Tariffs } from "@fulfillment/core";
import { BadRequestError, NotFoundError } from "./errors.js";
import { parseJsonBody } from "./request.js";

/** A path id that is not a positive integer names no tariff: 404, as for an unknown id. */
export function tariffIdFrom(pathParameters: Record<string, string>): number {
  const raw = pathParameters.tariff_id ?? "";
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id <= 0) throw new NotFoundError(`Tariff ${raw} not found`);
  return id;
}

/** Runs a body conversion; a value that cannot be converted is a 400. Invalid JSON is an empty object. */
export function convertTariffBody<T>(body: string | undefined, convert: (input: unknown) => T): T {
  try {
    return convert(parseJsonBody(body) ?? {});
  } catch (error) {
    if (error instanceof Tariffs.TariffValueError) throw new BadRequestError(error.message);
    throw error;
  }
}
