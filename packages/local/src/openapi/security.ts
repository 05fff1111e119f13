/**
 * How a client signs in, as the document of a Cognito deploy (AUTH_MODE=cognito, the default)
 * declares it: OAuth 2 at the user pool's hosted domain, the route table's three scopes, and the
 * scope each operation needs. The local open mode is described, never declared as a scheme: an
 * operation of the deployed API is never anonymous.
 */
import { SCOPES, type Route, type Scope } from "@fulfillment/functions/routes";

export const OAUTH_SCHEME = "cognito";

/** The hosted sign-in domain a deploy prints (SignInUrl): its prefix is the app, the stage and the account. */
export const SIGN_IN_EXAMPLE = "https://fulfillment-prod-123456789012.auth.us-east-1.amazoncognito.com";

const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "fulfillment/read": "Read stock, replenishment, tariffs, imports and alerts",
  "fulfillment/write": "Change tariffs, planning and stock imports; start syncs and recomputes",
  "settings/admin": "Settings (GET /settings returns the ERP token and the weather API key in clear), their history, the marketplace account and alert subscriptions",
};
const scopes = Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]));

export const SECURITY_SCHEMES = {
  [OAUTH_SCHEME]: {
    type: "oauth2",
    description:
      `The Cognito user pool of the deploy. Replace the host of these URLs with the stage's SignInUrl (printed by the deploy; ${SIGN_IN_EXAMPLE} is an example). ` +
      "People sign in with the authorization code flow and PKCE (S256) through the console's app client; machines (an ERP) use the client credentials flow with a client made by `npm run clients`. " +
      "The access token is a JWT signed by the pool (RS256) and checked by API Gateway's JWT authorizer for issuer, audience, expiry and the route's scope, following RFC8725; it lives one hour, a refresh token renews it. " +
      "A person's scopes come from their groups (leitura, operadores, administradores).",
    flows: {
      authorizationCode: {
        authorizationUrl: `${SIGN_IN_EXAMPLE}/oauth2/authorize`,
        tokenUrl: `${SIGN_IN_EXAMPLE}/oauth2/token`,
        refreshUrl: `${SIGN_IN_EXAMPLE}/oauth2/token`,
        scopes,
      },
      clientCredentials: {
        tokenUrl: `${SIGN_IN_EXAMPLE}/oauth2/token`,
        refreshUrl: `${SIGN_IN_EXAMPLE}/oauth2/token`,
        scopes,
      },
    },
  },
};

/** What an operation needs: the route's scope, or nothing at all for the routes no authorizer runs on. */
export const operationSecurity = (route: Route): Record<string, string[]>[] => (route.auth === "none" ? [] : [{ [OAUTH_SCHEME]: [route.scope] }]);

export const AUTHORIZATION_DESCRIPTION = `**Authorization.** The deployed API (AUTH_MODE=cognito, the default) takes an OAuth 2 access token of the stage's Cognito user pool on every route but \`GET /marketplace/callback\` (a browser follows it from the marketplace; its single-use state is its protection) and \`POST /marketplace/notifications\` (the marketplace cannot present a token; nothing in a notification is trusted). Each route needs one scope: \`fulfillment/read\` to read stock and tariffs, \`fulfillment/write\` to change tariffs and start syncs, \`settings/admin\` for settings and history. A deploy with AUTH_MODE=jwt checks the same scopes on tokens of another issuer; AUTH_MODE=iam signs requests with AWS Signature Version 4 instead. Requests refused before a function runs (401/403 by the authorizer, 404 for an unknown route, 413 over 10 MB, 429 throttled, 503 timeout) carry API Gateway's own \`{"message": "..."}\` body.

**Local only.** \`npm start\` serves the same routes at http://127.0.0.1:3000 (PORT sets the port), on loopback only. With AUTH_MODE=open (its default) it checks no token, for trying the API on one's own machine; with AUTH_MODE=jwt it checks the scopes above on tokens of the local directory (\`npm run users -- token <user>\`). The open mode is never deployed.`;

/** The header the deployed API adds for a console served from another host (stacks/Api.ts, CONSOLE_ORIGIN). */
export const CORS_HEADERS: Record<string, unknown> = {
  "Access-Control-Allow-Origin": {
    description:
      "Sent by API Gateway only when the deploy names a console origin (CONSOLE_ORIGIN) and the request comes from it: that one origin, never `*`. Absent otherwise, and from `npm start`",
    schema: { type: "string", format: "uri", maxLength: 2048 },
  },
};

/** Names the CORS header on every answer of a built responses object. */
export function describeCors(responses: Record<string, unknown>): void {
  for (const value of Object.values(responses)) {
    const response = value as { headers?: Record<string, unknown> };
    response.headers = { ...response.headers, "Access-Control-Allow-Origin": { $ref: "#/components/headers/Access-Control-Allow-Origin" } };
  }
}
