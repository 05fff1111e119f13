/**
 * The sellers a caller may use, from what API Gateway's authorizer put in the event: the access
 * token's `sellers` claim (access-groups.ts). The open local API (no authorizer) and IAM callers
 * (the deployment's own operators) have every seller; a token without the claim has none.
 */
import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { EVERY_SELLER, SELLERS_CLAIM } from "../access-groups.js";
import type { Seller } from "#storage/sellers";

export type Grant = { every: true } | { every: false; sellers: ReadonlySet<string> };

const EVERY: Grant = { every: true };

interface AuthorizerContext {
  jwt?: { claims?: Record<string, unknown> };
  iam?: unknown;
}

/** The claim's ids: a space-separated string, or a list as API Gateway delivers it ("[a b]") or a decoder gives it. */
function claimValues(value: unknown): string[] {
  const text = Array.isArray(value) ? value.map(String).join(" ") : typeof value === "string" || typeof value === "number" ? String(value) : "";
  return text.replace(/^\[(.*)\]$/s, "$1").split(/[\s,]+/).filter(Boolean);
}

export function grantOfEvent(event: Pick<APIGatewayProxyEventV2, "requestContext">): Grant {
  const authorizer = (event.requestContext as { authorizer?: AuthorizerContext } | undefined)?.authorizer;
  if (!authorizer?.jwt) return EVERY;
  const values = claimValues(authorizer.jwt.claims?.[SELLERS_CLAIM]);
  return values.includes(EVERY_SELLER) ? EVERY : { every: false, sellers: new Set(values) };
}

/**
 * The connected sellers a caller may use. With at most one connected, every caller has it: a
 * single-account deployment answers everyone as it always did.
 */
export function grantedSellers(sellers: Seller[], grant: Grant): Seller[] {
  if (grant.every || sellers.length <= 1) return sellers;
  return sellers.filter((seller) => grant.sellers.has(seller.user_id));
}
