/**
 * API Gateway's JWT authorizer, locally: the same checks an HTTP API makes before it invokes a
 * route's function (jose does the cryptography). A token is read from the Authorization header
 * ("Bearer " optional); its signature is checked against the issuer's JWKS (found through its
 * discovery document); `iss` must be the issuer; `aud`, or when it has none `client_id`, one of the
 * audiences; `exp` in the future, `nbf` and `iat` in the past. Any failure answers 401
 * {"message":"Unauthorized"}; a valid token without one of the route's scopes answers 403
 * {"message":"Forbidden"}.
 */
import type { APIGatewayEventRequestContextJWTAuthorizer } from "aws-lambda";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import type { Route } from "@fulfillment/functions/routes";

export interface JwtAuthorizerSettings {
  issuer: string;
  audience: readonly string[];
}

export type Verdict =
  | { allowed: true; authorizer: APIGatewayEventRequestContextJWTAuthorizer }
  | { allowed: false; statusCode: 401 | 403; body: { message: string }; headers: Record<string, string> };

const unauthorized = (description: string): Verdict => ({
  allowed: false,
  statusCode: 401,
  body: { message: "Unauthorized" },
  headers: { "www-authenticate": `Bearer error="invalid_token" error_description="${description}"` },
});

const forbidden: Verdict = {
  allowed: false,
  statusCode: 403,
  body: { message: "Forbidden" },
  headers: { "www-authenticate": 'Bearer error="insufficient_scope"' },
};

/** API Gateway hands claims to the function as strings; lists as "[a b]". */
function claimsAsDelivered(payload: JWTPayload): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [name, value] of Object.entries(payload)) {
    claims[name] = Array.isArray(value) ? `[${value.join(" ")}]` : typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
  }
  return claims;
}

const scopesOf = (payload: JWTPayload): string[] => {
  const raw = payload.scope ?? payload.scp;
  return Array.isArray(raw) ? raw.map(String) : typeof raw === "string" ? raw.split(" ").filter(Boolean) : [];
};

function audienceMatches(payload: JWTPayload, audience: readonly string[]): boolean {
  if (payload.aud !== undefined) return [payload.aud].flat().some((aud) => audience.includes(aud));
  return typeof payload.client_id === "string" && audience.includes(payload.client_id);
}

/** The authorizer of one issuer and audience list; the route decides the scopes. */
export function jwtAuthorizer(settings: JwtAuthorizerSettings): (authorization: string | undefined, route: Route) => Promise<Verdict> {
  let keys: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  const jwks = () =>
    (keys ??= fetch(`${settings.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`)
      .then((response) => response.json() as Promise<{ jwks_uri: string }>)
      .then((discovery) => createRemoteJWKSet(new URL(discovery.jwks_uri)))
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      }));

  return async (authorization, route) => {
    const token = authorization?.replace(/^Bearer\s+/i, "").trim();
    if (!token) return unauthorized("no token");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, await jwks(), {
        issuer: settings.issuer,
        algorithms: ["RS256", "RS384", "RS512"],
        requiredClaims: ["exp"],
        clockTolerance: 0,
      }));
    } catch (error) {
      return unauthorized((error as { code?: string }).code === "ERR_JWT_EXPIRED" ? "the token has expired" : "the token is not valid");
    }
    if (payload.iat !== undefined && payload.iat > Math.floor(Date.now() / 1000)) return unauthorized("the token was issued in the future");
    if (!audienceMatches(payload, settings.audience)) return unauthorized("the token does not have a valid audience");
    const scopes = scopesOf(payload);
    if (!scopes.includes(route.scope)) return forbidden;
    return { allowed: true, authorizer: { jwt: { claims: claimsAsDelivered(payload), scopes } } };
  };
}
