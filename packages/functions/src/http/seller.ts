import { AsyncLocalStorage } from "node:async_hooks";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { Messages } from "@fulfillment/core";
import { explain, explanationText, type Explanation } from "../error-texts.js";
import type { Route } from "../routes.js";
import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { cachedSellers, type Seller } from "#storage/sellers";
import { withSellersInRequest } from "./all-sellers.js";
import { errorBody } from "./envelope.js";
import { grantedSellers, grantOfEvent } from "./seller-grants.js";
import { negotiatedOf, type NegotiatedContext } from "./negotiation.js";
import { jsonResponse } from "./response.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The header that names the seller a request is about; `seller_id` in the query does the same for links and downloads. */
export const SELLER_HEADER = "x-seller-id";
export const SELLER_QUERY = "seller_id";
/** Every seller at once: taken by the consolidated reads (routes marked allSellers), refused by the others. */
export const ALL_SELLERS = "all";

/** The seller a request names, from its header or else its query; undefined when it names none. */
export function namedSeller(event: APIGatewayProxyEventV2): string | undefined {
  const header = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === SELLER_HEADER)?.[1];
  const named = (header ?? event.queryStringParameters?.[SELLER_QUERY])?.trim();
  return named === undefined || named === "" ? undefined : named;
}

/**
 * What a request for one seller's data runs on: a seller's scope, every granted seller (a route
 * that takes `seller_id=all`), or a refusal naming the sellers it may ask for (400, or 403 for a
 * seller the caller is not granted).
 */
export type Selection = { scope: string; seller?: string } | { all: Seller[] } | { refusal: Explanation; sellers: Seller[]; status: 400 | 403 };

/**
 * Picks the seller among those the caller is granted (`granted`, http/seller-grants.ts): the one
 * named, else the only one. With none connected the empty scope (the data a single account always
 * had) answers as before; several with none named is refused. Refusals list the granted sellers only.
 */
export function selectSeller(sellers: Seller[], named: string | undefined, { takesAll = false, granted = sellers }: { takesAll?: boolean; granted?: Seller[] } = {}): Selection {
  const listed = granted.map((seller) => `${seller.user_id}${seller.nickname ? ` (${seller.nickname})` : ""}`).join(", ");
  const refuse = (refusal: Explanation, status: 400 | 403 = 400): Selection => ({ refusal, sellers: granted, status });
  // `all` is every seller the caller is granted, never more.
  if (named === ALL_SELLERS && takesAll) return granted.length === 0 && sellers.length > 0 ? refuse(explain("seller_none_granted"), 403) : { all: granted };
  if (named === ALL_SELLERS) return refuse(explain("seller_all_unsupported", { sellers: listed }));
  if (named !== undefined) {
    const seller = sellers.find((candidate) => candidate.user_id === named);
    if (!seller) return refuse(explain("seller_unknown", { seller: named.slice(0, 64), sellers: listed }));
    return granted.includes(seller) ? { scope: seller.scope, seller: seller.user_id } : refuse(explain("seller_not_granted", { seller: named, sellers: listed }), 403);
  }
  if (granted.length > 1) return refuse(explain("seller_required", { sellers: listed }));
  if (granted.length === 0 && sellers.length > 0) return refuse(explain("seller_none_granted"), 403);
  const only = granted[0];
  return only ? { scope: only.scope, seller: only.user_id } : { scope: "" };
}

// Set for a shared route that takes a seller (routes marked sellerOverrides) when the request names one.
const namedOnSharedRoute = new AsyncLocalStorage<true>();

/**
 * Whether the request names a seller on a shared route that takes one (its scope is then the
 * current scope): settings read and change that seller's overrides; without one, the shared values.
 */
export const sellerNamed = (): boolean => namedOnSharedRoute.getStore() === true;

// The selected seller's marketplace user id, while a route runs in its scope.
const selectedSeller = new AsyncLocalStorage<string>();

/** The user id of the seller the request runs for (named, or the only one); undefined with none connected or on a shared route naming none. */
export const selectedSellerId = (): string | undefined => selectedSeller.getStore();

/**
 * Runs a route of one seller's data in that seller's scope (storage/scope.ts), so every key it
 * builds, reads or parses is that seller's. A request that names no usable seller answers 400 in
 * the route family's envelope, listing the sellers it may name; one naming a seller the caller is
 * not granted answers 403. A route that takes `seller_id=all` runs with every granted seller
 * instead (http/all-sellers.ts). Shared routes run as they are; one marked sellerOverrides that
 * names a seller (not `all`) runs in its scope as well, with the same refusals.
 */
export function withSeller(route: Route, handler: Handler): Handler {
  if (route.seller === "own") return inSelectedSeller(route, handler);
  if (!route.sellerOverrides) return handler;
  const named = inSelectedSeller(route, (event, context) => namedOnSharedRoute.run(true, () => handler(event, context)));
  // `all` on a shared route is the deployment's data, as naming none.
  return (event, context) => {
    const seller = namedSeller(event);
    return seller === undefined || seller === ALL_SELLERS ? handler(event, context) : named(event, context);
  };
}

function inSelectedSeller(route: Route, handler: Handler): Handler {
  return async (event, context) => {
    const named = namedSeller(event);
    const takesAll = route.allSellers === true;
    const grant = grantOfEvent(event);
    const select = (sellers: Seller[]) => selectSeller(sellers, named, { takesAll, granted: grantedSellers(sellers, grant) });
    let selection = select(await cachedSellers(table()));
    // The container's copy may be older than a seller connected elsewhere: refuse only on a fresh read.
    if ("refusal" in selection) selection = select(await cachedSellers(table(), { fresh: true }));
    if ("refusal" in selection) {
      const locale: Messages.Locale = negotiatedOf(context as NegotiatedContext).locale;
      const sellers = selection.sellers.map((seller) => ({ id: seller.user_id, nickname: seller.nickname }));
      return jsonResponse(selection.status, { ...errorBody(route.envelope, explanationText(selection.refusal, locale)), sellers });
    }
    if ("all" in selection) return withSellersInRequest(selection.all, () => handler(event, context));
    const { scope, seller } = selection;
    return withScope(scope, () => (seller === undefined ? handler(event, context) : selectedSeller.run(seller, () => handler(event, context))));
  };
}
