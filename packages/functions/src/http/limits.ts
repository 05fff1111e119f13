/**
 * Size limits of the platform, shared by the handlers and the local gateway so the local
 * stack refuses what AWS would refuse.
 */

/** API Gateway HTTP API refuses request bodies above 10 MB. */
export const API_GATEWAY_REQUEST_BYTES = 10 * 1024 * 1024;

/** Request bodies above this size are refused by the handlers before parsing. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

/** Lambda's limit on a synchronous invocation's response payload (the JSON-serialised result). */
export const LAMBDA_RESPONSE_PAYLOAD_BYTES = 6 * 1024 * 1024;

/** What a handler lets itself answer: the Lambda limit less a margin, so a refusal is ours, not the platform's. */
export const RESPONSE_PAYLOAD_BUDGET_BYTES = 6_000_000;

/** Bodies smaller than this are sent as they are: compressing them saves less than the headers cost. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** The size Lambda measures for a handler result: its JSON serialisation, escapes included. */
export function lambdaPayloadBytes(result: unknown): number {
  return Buffer.byteLength(JSON.stringify(result) ?? "");
}

/** A UTF-16 unit of a string serialises to at most 6 bytes (\u escapes); a number or flag of the envelope to fewer. */
const WORST_BYTES_PER_UNIT = 6;
const ENVELOPE_SLACK_BYTES = 256;

/**
 * True when a result's serialisation cannot pass `limit` whatever its text holds (most answers):
 * the size is then known without serialising the result again. A base64 body serialises to its
 * own length (its alphabet needs no escape): a compressed answer of 5.9 MB is known to fit
 * without serialising it.
 */
export function surelyWithin(
  result: { body?: unknown; isBase64Encoded?: boolean; headers?: Record<string, unknown>; cookies?: readonly string[] },
  limit: number,
): boolean {
  const body = typeof result.body === "string" ? result.body.length : 0;
  let units = 0;
  for (const [name, value] of Object.entries(result.headers ?? {})) units += name.length + String(value).length;
  for (const cookie of result.cookies ?? []) units += cookie.length + 3;
  return (result.isBase64Encoded === true ? body : body * WORST_BYTES_PER_UNIT) + units * WORST_BYTES_PER_UNIT + ENVELOPE_SLACK_BYTES < limit;
}
