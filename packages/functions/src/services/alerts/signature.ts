/**
 * Stripe's webhook signature scheme, so receivers can verify with code they already know:
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "X-Signature";

/** A new subscription's signing secret, in Stripe's "whsec_" form. */
export const newSigningSecret = (): string => `whsec_${randomBytes(24).toString("base64url")}`;

const hmac = (secret: string, timestamp: number, body: string): string => createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex");

export const signatureHeader = (secret: string, body: string, timestamp: number): string => `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;

/** True when the header signs the body with the secret and is no older than `toleranceSeconds`. */
export function verifySignature(header: string, body: string, secret: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(timestamp) || !given || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, timestamp, body), "hex");
  const actual = Buffer.from(given, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
