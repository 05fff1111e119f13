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
  /** The authorization page: MARKETPLACE_AUTH_URL, else the page of MARKETPLACE_SITE (read by the functions). */
  marketplaceAuthUrl: string | undefined;
  marketplaceSite: string | undefined;
  /** The callback URL registered for the app; unset: the API's own host + /marketplace/callback. */
  marketplaceRedirectUri: string | undefined;
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
    marketplaceAuthUrl: env.MARKETPLACE_AUTH_URL?.trim() || undefined,
    marketplaceSite: env.MARKETPLACE_SITE?.trim() || undefined,
    marketplaceRedirectUri: env.MARKETPLACE_REDIRECT_URI?.trim() || undefined,
    alarmEmail: env.ALARM_EMAIL?.trim() || undefined,
  };
}

const DEVELOPMENT_STAGES = new Set(["dev", "local"]);

/** Development stages are disposable; every other stage keeps its data. */
export const isDevelopmentStage = (stage: string): boolean =>
  DEVELOPMENT_STAGES.has(stage) || stage.startsWith("dev-");
