/**
 * JSON or CSV for the report endpoints: `?format=csv` (or `json`, checked by the route's schema)
 * decides; without it, what content negotiation found Accept prefers (http/negotiation.ts).
 */
export type ReportFormat = "json" | "csv";

/** The answer's format: the query's `format`, else the negotiated representation. */
export function reportFormat(format: string | undefined, negotiated: ReportFormat): ReportFormat {
  const chosen = format?.trim().toLowerCase();
  return chosen === "json" || chosen === "csv" ? chosen : negotiated;
}

/** Answers depend on Accept (and their texts on Accept-Language): caches must keep them apart. */
export const VARY_ACCEPT = { vary: "Accept, Accept-Language" } as const;

/** Answers whose texts follow Accept-Language. */
export const VARY_LANGUAGE = { vary: "Accept-Language" } as const;
