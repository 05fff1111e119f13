/** Why a request got no answer, named from what fetch reports. */
import type { NetworkFailure } from "./errors.js";

/** The marketplace's host[:port], for messages ("marketplace unreachable at api.mercadolibre.com"). */
export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT$|SELF_SIGNED_CERT_IN_CHAIN$|EPROTO$|HOSTNAME_MISMATCH$)/;

/** Names a fetch failure by its cause: undici's TypeError carries the socket or DNS error as `cause`. */
export function networkFailureOf(code: string | undefined): NetworkFailure {
  if (!code) return "other";
  if (code === "ECONNREFUSED") return "refused";
  if (code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET" || code === "ECONNABORTED") return "reset";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "EAI_FAIL") return "dns";
  if (code === "ETIMEDOUT" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") return "timeout";
  if (TLS_CODE.test(code)) return "tls";
  return "other";
}

export function failureOf(error: unknown, timeoutMs: number): { reason: NetworkFailure; detail: string } {
  const name = error instanceof Error ? error.name : "";
  if (name === "TimeoutError") return { reason: "timeout", detail: `no answer within ${timeoutMs} ms` };
  const cause = error instanceof Error ? (error.cause as { code?: unknown; errors?: { code?: unknown }[] } | undefined) : undefined;
  // Several addresses tried at once (IPv4 and IPv6) fail together as an AggregateError.
  const raw = typeof cause?.code === "string" ? cause.code : cause?.errors?.find((e) => typeof e?.code === "string")?.code;
  const code = typeof raw === "string" ? raw : undefined;
  const reason = networkFailureOf(code);
  return { reason, detail: reason === "timeout" ? `${code}: no answer in time` : (code ?? (name || "request failed")) };
}
