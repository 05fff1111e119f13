import type { Route } from "@fulfillment/functions/routes";
import type { ResponseContract } from "@fulfillment/functions/contract/schema";
import { LIMITS } from "@fulfillment/functions/contract/limits";

const NAMES = "Names the connected account (its user_id, listed by GET /marketplace/account) whose data the request reads or changes. Needed only when several accounts are connected; with one, or none, every route answers as before";

const SELLER_PARAMETERS = [
  { name: "X-Seller-Id", in: "header", required: false, description: NAMES, schema: { type: "string", maxLength: LIMITS.idChars } },
  { name: "seller_id", in: "query", required: false, description: `${NAMES}. The same as X-Seller-Id, for links and CSV downloads; the header wins when both are sent`, schema: { type: "string", maxLength: LIMITS.idChars } },
];

const ALL = "; or all: every connected account at once, each row naming its account (seller_id)";

const OVERRIDES =
  "Names a connected account (its user_id) to read or change that account's overrides of the settings about its own selling (GET /settings/overrides lists the keys). Without it, or with all, the deployment's shared settings are read or changed, as always";

/** Whether a route takes the seller parameters: a route of one seller's data, or a shared one taking a seller's overrides. */
export const takesSeller = (route: Route): boolean => route.seller === "own" || route.sellerOverrides === true;

/** The header and query parameter that select the seller (http/seller.ts); `all` where the route takes it. */
export const sellerParameters = (route: Route) =>
  SELLER_PARAMETERS.map((parameter) => {
    if (route.sellerOverrides) return { ...parameter, description: parameter.in === "query" ? `${OVERRIDES}. The same as X-Seller-Id; the header wins when both are sent` : OVERRIDES };
    return route.allSellers ? { ...parameter, description: `${parameter.description}${ALL}` } : parameter;
  });

const REFUSED: ResponseContract = {
  description:
    "Several accounts are connected and the request names none, names one that is not connected, or names all (not taken by this route yet): the body's sellers lists the accounts it may name; nothing was done",
};

const NAMED_REFUSED: ResponseContract = {
  description: "The request names an account that is not connected: the body's sellers lists the accounts it may name; nothing was done",
};

const NOT_GRANTED: ResponseContract = {
  description:
    "Several accounts are connected and the request names one the caller is not granted (its token's sellers claim), or the caller is granted none of them: the body's sellers lists the accounts it may name; nothing was done",
};

const merged = (own: ResponseContract | undefined, added: ResponseContract): ResponseContract =>
  own ? { ...own, description: `${own.description}; or: ${added.description}` } : added;

/** The route's responses plus the seller refusals on a route of one seller's data (a status both answer lists both causes). */
export function withSellerResponses(route: Route, responses: Record<number, ResponseContract>): Record<number, ResponseContract> {
  if (!takesSeller(route)) return responses;
  const refused = route.sellerOverrides ? NAMED_REFUSED : REFUSED;
  return { ...responses, 400: merged(responses[400], refused), 403: merged(responses[403], NOT_GRANTED) };
}
