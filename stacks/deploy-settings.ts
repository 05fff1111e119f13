/**
 * Deployment choices read from the environment at synth time. `sst deploy` also
 * loads `.env`, `.env.<stage>` and `.env.<stage>.local`, so a stage can keep its
 * choices in a file.
 */
import { EVERY_SELLER, isSellerId } from "@fulfillment/functions/access-groups";
import { readThrottleSettings } from "@fulfillment/functions/config/throttling";
import type { ThrottleSettings } from "@fulfillment/functions/throttling";

export const DEFAULT_MARKETPLACE_API_URL = "https://api.mercadolibre.com";

/**
 * How the API authorizes calls. "cognito" (the default): the stack's own user pool signs people in
 * (the console) and machines (client credentials); its clients are the authorizer's audience, with
 * the machine clients made by `npm run clients` listed in API_MACHINE_CLIENT_IDS. "jwt": an issuer of
 * your own (Entra ID, Auth0, an existing pool). "iam": SigV4 signatures, for machines only.
 */
export type AuthSettings =
  | {
      mode: "cognito";
      machineClientIds: string[];
      /** The sellers each machine client is granted (API_MACHINE_CLIENT_SELLERS), by client id: user_ids space-separated, or `*`. */
      machineClientSellers: Record<string, string>;
    }
  | { mode: "iam" }
  | { mode: "jwt"; issuer: string; audience: string[] };

export interface DeploySettings {
  auth: AuthSettings;
  /**
   * The operations console's origin when it is served from another host than the API: the one
   * origin CORS allows, and the one foreign origin whose pages may write (cross-site protection).
   * Unset: CORS stays off.
   */
  consoleOrigin: string | undefined;
  marketplaceApiUrl: string;
  /** The authorization page: MARKETPLACE_AUTH_URL, else the page of MARKETPLACE_SITE (read by the functions). */
  marketplaceAuthUrl: string | undefined;
  marketplaceSite: string | undefined;
  /** The callback URL registered for the app; unset: the API's own host + /marketplace/callback. */
  marketplaceRedirectUri: string | undefined;
  /** Receives the alarm notifications when set. */
  alarmEmail: string | undefined;
  /** The sync's rate budget of the application, every seller's runs and shards together (given to the plan and shard steps); unset: none. */
  marketplaceMaxCallsPerMinute: number | undefined;
  /** The API's rate limits: API_THROTTLE_RATE/BURST for the stage, API_EXPENSIVE_THROTTLE_* and API_NOTIFICATIONS_THROTTLE_* for those routes. */
  throttling: ThrottleSettings;
}

type Env = Record<string, string | undefined>;

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

/** API_MACHINE_CLIENT_SELLERS="<client id>=<user_id> <user_id>,<client id>=*": the sellers each machine client may use. */
function readClientSellers(env: Env): Record<string, string> {
  const granted: Record<string, string> = {};
  for (const entry of list(env.API_MACHINE_CLIENT_SELLERS)) {
    const [clientId, sellers, ...rest] = entry.split("=").map((part) => part.trim());
    const ids = (sellers ?? "").split(/\s+/).filter(Boolean);
    const valid = ids.length > 0 && (ids.join(" ") === EVERY_SELLER || ids.every(isSellerId));
    if (!clientId || rest.length > 0 || !valid) {
      throw new Error(`API_MACHINE_CLIENT_SELLERS: ${JSON.stringify(entry)} is not <client id>=<seller user_id> <seller user_id> (or <client id>=*)`);
    }
    granted[clientId] = [...new Set(ids)].sort().join(" ");
  }
  return granted;
}

function readAuth(env: Env): AuthSettings {
  const mode = (env.AUTH_MODE ?? "").trim().toLowerCase();
  if (mode === "cognito" || mode === "") return { mode: "cognito", machineClientIds: list(env.API_MACHINE_CLIENT_IDS), machineClientSellers: readClientSellers(env) };
  if (mode === "iam") return { mode: "iam" };
  if (mode !== "jwt") throw new Error(`AUTH_MODE must be "cognito", "iam" or "jwt", got "${env.AUTH_MODE}"`);
  const issuer = env.JWT_ISSUER?.trim();
  const audience = list(env.JWT_AUDIENCE);
  if (!issuer || audience.length === 0) throw new Error("AUTH_MODE=jwt needs JWT_ISSUER and JWT_AUDIENCE");
  return { mode: "jwt", issuer, audience };
}

/** "https://console.example.com": a scheme, a host and maybe a port; nothing else. */
function readConsoleOrigin(env: Env): string | undefined {
  if (env.CORS_ORIGINS?.trim()) {
    throw new Error("CORS_ORIGINS is no longer read: CORS allows only the console's origin, set CONSOLE_ORIGIN=https://<console host>");
  }
  const value = env.CONSOLE_ORIGIN?.trim().replace(/\/+$/, "");
  if (!value) return undefined;
  let origin: string | undefined;
  try {
    origin = new URL(value).origin;
  } catch {
    origin = undefined;
  }
  if (origin !== value || !/^https?:/.test(value)) {
    throw new Error(`CONSOLE_ORIGIN must be an origin such as https://console.example.com (scheme, host, optional port), got "${env.CONSOLE_ORIGIN}"`);
  }
  return origin;
}

export function readDeploySettings(env: Env = process.env): DeploySettings {
  return {
    auth: readAuth(env),
    consoleOrigin: readConsoleOrigin(env),
    marketplaceApiUrl: env.MARKETPLACE_API_URL?.trim() || DEFAULT_MARKETPLACE_API_URL,
    marketplaceAuthUrl: env.MARKETPLACE_AUTH_URL?.trim() || undefined,
    marketplaceSite: env.MARKETPLACE_SITE?.trim() || undefined,
    marketplaceRedirectUri: env.MARKETPLACE_REDIRECT_URI?.trim() || undefined,
    alarmEmail: env.ALARM_EMAIL?.trim() || undefined,
    marketplaceMaxCallsPerMinute: readCallsPerMinute(env),
    throttling: readThrottleSettings(env),
  };
}

function readCallsPerMinute(env: Env): number | undefined {
  const value = env.MARKETPLACE_MAX_CALLS_PER_MINUTE?.trim();
  if (!value) return undefined;
  const calls = Number(value);
  if (!Number.isInteger(calls) || calls < 1) {
    throw new Error(`MARKETPLACE_MAX_CALLS_PER_MINUTE must be a whole number of calls above 0, got "${env.MARKETPLACE_MAX_CALLS_PER_MINUTE}"`);
  }
  return calls;
}

const DEVELOPMENT_STAGES = new Set(["dev", "local"]);

/** Development stages are disposable; every other stage keeps its data. */
export const isDevelopmentStage = (stage: string): boolean =>
  DEVELOPMENT_STAGES.has(stage) || stage.startsWith("dev-");

/** How the console signs in at the stack's JWT issuer (OpenID Connect, authorization code with PKCE). */
export interface ConsoleSignIn {
  /** The console's client id at the issuer; defaults to the first JWT audience. */
  clientId: string;
  /** Scopes the console asks for. */
  scope: string;
}

/** Only in JWT mode: browsers cannot sign IAM requests, so under IAM the console has no sign-in. */
export function readConsoleSignIn(auth: AuthSettings, env: Env = process.env): ConsoleSignIn | undefined {
  if (auth.mode !== "jwt") return undefined;
  return {
    clientId: env.CONSOLE_CLIENT_ID?.trim() || auth.audience[0]!,
    scope: list(env.CONSOLE_SCOPES?.replace(/\s+/g, ",")).join(" ") || "openid",
  };
}
