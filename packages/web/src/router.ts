/** Hash routes of the console ("#/estoque?alerta=envelhecido"), so the static host needs no rewrites. */
import { SELLER_QUERY } from "./sellers.js";

export const SCREENS = [
  "visao-geral",
  "estoque",
  "anuncio",
  "reposicao",
  "plano-reposicao",
  "estoque-envelhecido",
  "importacoes",
  "tarifas",
  "custos-armazenagem",
  "configuracoes",
  "historico",
  "conta",
  "alertas",
] as const;
export type Screen = (typeof SCREENS)[number];

export interface Route {
  screen: Screen;
  /** Path segments after the screen ("anuncio/MLB123" → ["MLB123"]). */
  params: string[];
  query: URLSearchParams;
}

export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#\/?/, "");
  const [path = "", search = ""] = text.split("?", 2);
  const [first = "", ...rest] = path.split("/").filter((part) => part !== "");
  const screen = (SCREENS as readonly string[]).includes(first) ? (first as Screen) : "visao-geral";
  let params: string[];
  try {
    params = rest.map(decodeURIComponent);
  } catch {
    params = rest;
  }
  return { screen, params, query: new URLSearchParams(search) };
}

/** The account every link names (sellers.ts); undefined while there is only one to show. */
let linkedSeller: string | undefined;

/** Makes every link from now on carry `seller` as its `seller_id`, or none. */
export function linkSeller(seller: string | undefined): void {
  linkedSeller = seller;
}

/**
 * "#/estoque?alerta=parado" from its parts; empty query values are left out. The account chosen
 * (linkSeller) goes along, unless `query` names one of its own.
 */
export function routeHref(screen: Screen, params: readonly string[] = [], query: Record<string, string | undefined> = {}): string {
  const path = [screen, ...params.map(encodeURIComponent)].join("/");
  const withSeller = { ...query, [SELLER_QUERY]: query[SELLER_QUERY] ?? linkedSeller };
  const search = new URLSearchParams(Object.entries(withSeller).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ""));
  const text = search.toString();
  return `#/${path}${text ? `?${text}` : ""}`;
}
