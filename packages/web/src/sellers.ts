/**
 * Which marketplace account the console shows, when several are connected: the accounts it may
 * choose from (read from the API's own answers), the choice carried in the address (`seller_id`),
 * and the screens that also show every account at once ("Todas as contas", `seller_id=all`).
 */
import type { Screen } from "./router.js";

/** A connected account as the switcher lists it. */
export interface SellerOption {
  id: string;
  nickname: string | null;
}

/** The account a screen shows, or ALL_SELLERS. */
export type Selection = string;

/** Every account at once: only the consolidated reads take it. */
export const ALL_SELLERS = "all";
/** The query parameter of the address (and of the API) that names the account. */
export const SELLER_QUERY = "seller_id";
/** Where the console keeps the last account chosen, for an address that names none. */
export const LAST_SELLER_KEY = "fulfillment.conta";
export const ALL_SELLERS_LABEL = "Todas as contas";

/** The screens whose API reads take `seller_id=all`, each row then naming its account. */
export const CONSOLIDATED_SCREENS: ReadonlySet<Screen> = new Set<Screen>([
  "visao-geral",
  "estoque",
  "plano-reposicao",
  "estoque-envelhecido",
  "custos-armazenagem",
  "alertas",
]);

/**
 * The screens of the deployment's shared data (tariffs, settings, the forecasting history): under
 * "Todas as contas" they show the shared values; under one account, settings show its own.
 */
export const SHARED_SCREENS: ReadonlySet<Screen> = new Set<Screen>(["tarifas", "configuracoes", "historico"]);

/** Whether "Todas as contas" can be shown on `screen`; the others show one account at a time. */
export const takesAllSellers = (screen: Screen): boolean => CONSOLIDATED_SCREENS.has(screen) || SHARED_SCREENS.has(screen);

const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);

/**
 * The accounts to choose from, read from GET /marketplace/account's answer (or any per-seller
 * route's) with no account named: a 400 lists them when several are granted (`sellers`);
 * any other answer means there is nothing to choose (one account, or none).
 */
export function sellersOfAnswer(status: number, body: unknown): SellerOption[] {
  if (status !== 400) return [];
  const listed = (body as { sellers?: unknown } | null)?.sellers;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: { id?: unknown; nickname?: unknown }) => {
    const id = typeof entry?.id === "number" ? String(entry.id) : text(entry?.id);
    return id === null ? [] : [{ id, nickname: text(entry.nickname) }];
  });
}

/** What the switcher shows for an account: its nickname, else its id. */
export const sellerLabel = (seller: SellerOption): string => seller.nickname ?? seller.id;

/** The label of the account `id` among `sellers` (its id when it is not listed). */
export const sellerName = (sellers: readonly SellerOption[], id: string | undefined): string => {
  if (id === undefined) return "";
  const seller = sellers.find((candidate) => candidate.id === id);
  return seller ? sellerLabel(seller) : id;
};

/**
 * The account to show: the one the address names when it is listed (or "all"), else the last one
 * chosen when still listed (all accounts only where the screen `allowsAll`), else the first.
 * Undefined when there is nothing to choose.
 */
export function chooseSelection(sellers: readonly SellerOption[], named: string | null, remembered: string | null, allowsAll = true): Selection | undefined {
  if (sellers.length < 2) return undefined;
  const listed = (id: string | null): id is string => id !== null && sellers.some((seller) => seller.id === id);
  if (named === ALL_SELLERS || listed(named)) return named;
  if ((remembered === ALL_SELLERS && allowsAll) || listed(remembered)) return remembered!;
  return sellers[0]!.id;
}

/** The address `hash` with `seller_id` set to `selection` (left out when undefined), the rest as it was. */
export function hashWithSeller(hash: string, selection: Selection | undefined): string {
  const body = hash.replace(/^#\/?/, "");
  const [path = "", search = ""] = body.split("?", 2);
  const query = new URLSearchParams(search);
  if (selection === undefined) query.delete(SELLER_QUERY);
  else query.set(SELLER_QUERY, selection);
  const rest = query.toString();
  return `#/${path}${rest ? `?${rest}` : ""}`;
}
