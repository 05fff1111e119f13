/**
 * Where the console finds the API and how it signs in. `config.js` beside the page sets
 * `window.__CONSOLE_CONFIG__`: served by `npm start` (same origin; no sign-in, or the local OpenID
 * provider), and deployed, replaced by `deploy-config.js`, which the stack writes once the API
 * exists (its URL, the user pool or JWT issuer, the console's client).
 */

export type AuthConfig =
  | { mode: "none" }
  /** The deployed API checks IAM signatures, which a browser cannot make: the console says so. */
  | { mode: "iam" }
  /** `signOutUrl`: the issuer's own logout page when its discovery names none (the user pool's hosted `/logout`). */
  | { mode: "jwt"; issuer: string; clientId: string; scope: string; signOutUrl?: string };

export interface ConsoleConfig {
  /** Base URL of the API; "" is the console's own origin. */
  apiUrl: string;
  auth: AuthConfig;
}

declare global {
  interface Window {
    __CONSOLE_CONFIG__?: Partial<ConsoleConfig>;
  }
}

export function readConfig(raw: Partial<ConsoleConfig> | undefined = window.__CONSOLE_CONFIG__): ConsoleConfig {
  const apiUrl = typeof raw?.apiUrl === "string" ? raw.apiUrl.replace(/\/+$/, "") : "";
  const auth = raw?.auth;
  if (auth?.mode === "jwt" && auth.issuer && auth.clientId) {
    const signOutUrl = typeof auth.signOutUrl === "string" && auth.signOutUrl !== "" ? { signOutUrl: auth.signOutUrl } : {};
    return { apiUrl, auth: { mode: "jwt", issuer: auth.issuer, clientId: auth.clientId, scope: auth.scope || "openid", ...signOutUrl } };
  }
  if (auth?.mode === "iam") return { apiUrl, auth: { mode: "iam" } };
  return { apiUrl, auth: { mode: "none" } };
}
