import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { HttpRequest } from "./request.js";

/** Recorded as the actor of a change made through the open local API (plain `npm start`), which names no caller. */
export const LOCAL_ACTOR = "local";

type Claims = Record<string, string | number | boolean | string[] | undefined>;

/** What API Gateway's authorizer put in the event: a JWT's claims, or the IAM caller. */
interface AuthorizerContext {
  jwt?: { claims?: Claims };
  iam?: { userArn?: string; callerId?: string };
}

const text = (value: Claims[string]): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/**
 * Who made a request, from the event's `requestContext.authorizer`, the one place that names the
 * caller; recorded beside every change made through the API (imports, sync runs, settings history).
 * - a person's token (user pool or another issuer): `<user name> (<sub>)`, the name from `email`
 *   (the pool's token trigger adds it), `preferred_username`, `username` or `name`;
 * - a machine's token (client credentials: no user name, `sub` absent or equal to `client_id`):
 *   `client <client_id>`;
 * - IAM: the caller's ARN;
 * - no authorizer (the open local API): `local`.
 */
export function actorOfEvent(event: Pick<APIGatewayProxyEventV2, "requestContext">): string {
  const authorizer = (event.requestContext as { authorizer?: AuthorizerContext } | undefined)?.authorizer;
  const claims = authorizer?.jwt?.claims;
  if (claims) {
    const sub = text(claims.sub);
    const clientId = text(claims.client_id) ?? text(claims.azp);
    const name = text(claims.email) ?? text(claims.preferred_username) ?? text(claims.username) ?? text(claims["cognito:username"]) ?? text(claims.name);
    if (!name && clientId && (sub === undefined || sub === clientId)) return `client ${clientId}`;
    return name && sub && name !== sub ? `${name} (${sub})` : (name ?? sub ?? (clientId ? `client ${clientId}` : "unknown"));
  }
  const arn = authorizer?.iam?.userArn ?? authorizer?.iam?.callerId;
  if (arn) return arn;
  return LOCAL_ACTOR;
}

/** The actor of a parsed request (toRequest reads it from the event). */
export const actorOf = (request: Pick<HttpRequest, "actor">): string => request.actor;
