/**
 * JSON or CSV for the report endpoints: `?format=csv` (or `json`) decides; without it, an Accept
 * header that prefers text/csv over JSON does. A format that is neither is refused.
 */

export type ReportFormat = "json" | "csv";

/** The quality each media range of an Accept header gives, e.g. "text/csv;q=0.9" → 0.9. */
function qualities(accept: string): { media: string; q: number }[] {
  return accept.split(",").flatMap((part) => {
    const [media = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    if (media === "") return [];
    const qParam = params.find((param) => param.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    return [{ media, q: Number.isFinite(q) ? q : 0 }];
  });
}

const best = (ranges: { media: string; q: number }[], names: string[]): number =>
  ranges.filter((range) => names.includes(range.media)).reduce((max, range) => Math.max(max, range.q), 0);

/** True when the header names text/csv (or text/*) with a quality at least that of JSON. */
export function acceptsCsvFirst(accept: string | undefined): boolean {
  if (!accept) return false;
  const ranges = qualities(accept);
  const csv = best(ranges, ["text/csv", "text/*"]);
  return csv > 0 && csv >= best(ranges, ["application/json", "application/*"]);
}

/** The answer's format: the query's `format` (json or csv, checked by the route's schema), else the Accept header. */
export function reportFormat(format: string | undefined, accept: string | undefined): ReportFormat {
  const chosen = format?.trim().toLowerCase();
  if (chosen === "json" || chosen === "csv") return chosen;
  return acceptsCsvFirst(accept) ? "csv" : "json";
}

/** Answers depend on Accept (and their texts on Accept-Language): caches must keep them apart. */
export const VARY_ACCEPT = { vary: "Accept, Accept-Language" } as const;

/** Answers whose texts follow Accept-Language. */
export const VARY_LANGUAGE = { vary: "Accept-Language" } as const;
