/**
 * Where the console finds the API and how it signs in. `config.js` beside the page sets
 * `window.__CONSOLE_CONFIG__`: served by `npm start` (same origin, no sign-in) or written at
 * deploy time by the stack (the API URL and the JWT issuer).
 */

export type AuthConfig =
  | { mode: "none" }
  /** The deployed API checks IAM signatures, which a browser cannot make: the console says so. */
  | { mode: "iam" }
  | { mode: "jwt"; issuer: string; clientId: string; scope: string };

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
    return { apiUrl, auth: { mode: "jwt", issuer: auth.issuer, clientId: auth.clientId, scope: auth.scope || "openid" } };
  }
  if (auth?.mode === "iam") return { apiUrl, auth: { mode: "iam" } };
  return { apiUrl, auth: { mode: "none" } };
}
