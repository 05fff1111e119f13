/** The content codings the handlers can answer with, in the order that wins a tie. */
export const RESPONSE_ENCODINGS = ["gzip", "br"] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];

const QVALUE = /^\s*q\s*=\s*(\d+(?:\.\d*)?)\s*$/i;

/** Coding name → weight, first mention wins; entries with a malformed weight are ignored. */
function weights(header: string): Map<string, number> {
  const byCoding = new Map<string, number>();
  for (const entry of header.split(",")) {
    const [rawName = "", ...params] = entry.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    let malformed = false;
    for (const param of params) {
      if (!/^\s*q\s*=/i.test(param)) continue;
      const match = QVALUE.exec(param);
      const value = match ? Number(match[1]) : Number.NaN;
      if (!(value >= 0 && value <= 1)) malformed = true;
      else q = value;
    }
    // RFC 9110 12.5.3: "x-gzip" is an alias of "gzip".
    const coding = name === "x-gzip" ? "gzip" : name;
    if (!malformed && !byCoding.has(coding)) byCoding.set(coding, q);
  }
  return byCoding;
}

/**
 * The codings of RESPONSE_ENCODINGS an Accept-Encoding header allows, best first (RFC 9110
 * 12.5.3): an explicit entry beats "*", q=0 excludes, equal weights keep gzip first. No header
 * or an empty one allows none, so such a client gets the body as it is.
 */
export function acceptedEncodings(header: string | undefined): ResponseEncoding[] {
  if (!header?.trim()) return [];
  const byCoding = weights(header);
  const wildcard = byCoding.get("*") ?? 0;
  return RESPONSE_ENCODINGS.map((coding, order) => ({ coding, order, q: byCoding.get(coding) ?? wildcard }))
    .filter((c) => c.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((c) => c.coding);
}
