/**
 * Deployment choices read from the environment at synth time. `sst deploy` also
 * loads `.env`, `.env.<stage>` and `.env.<stage>.local`, so a stage can keep its
 * choices in a file.
 */

export const DEFAULT_MARKETPLACE_API_URL = "https://api.mercadolibre.com";

export type AuthSettings = { mode: "iam" } | { mode: "jwt"; issuer: string; audience: string[] };

export interface DeploySettings {
  auth: AuthSettings;
  /** Browser origins allowed by CORS; empty means CORS stays off. */
  corsOrigins: string[];
  marketplaceApiUrl: string;
  /** Receives the alarm notifications when set. */
  alarmEmail: string | undefined;
}

type Env = Record<string, string | undefined>;

const list = (value: string | undefined): string[] =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");

function readAuth(env: Env): AuthSettings {
  const mode = (env.AUTH_MODE ?? "iam").trim().toLowerCase();
  if (mode === "iam" || mode === "") return { mode: "iam" };
  if (mode !== "jwt") throw new Error(`AUTH_MODE must be "iam" or "jwt", got "${env.AUTH_MODE}"`);
  const issuer = env.JWT_ISSUER?.trim();
  const audience = list(env.JWT_AUDIENCE);
  if (!issuer || audience.length === 0) throw new Error("AUTH_MODE=jwt needs JWT_ISSUER and JWT_AUDIENCE");
  return { mode: "jwt", issuer, audience };
}

export function readDeploySettings(env: Env = process.env): DeploySettings {
  return {
    auth: readAuth(env),
    corsOrigins: list(env.CORS_ORIGINS),
    marketplaceApiUrl: env.MARKETPLACE_API_URL?.trim() || DEFAULT_MARKETPLACE_API_URL,
    alarmEmail: env.ALARM_EMAIL?.trim() || undefined,
  };
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
