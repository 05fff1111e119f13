import { join } from "node:path";
import { bulkWriteMode, type BulkWriteMode } from "@fulfillment/functions/config/env";
import { readThrottleSettings } from "@fulfillment/functions/config/throttling";
import type { ThrottleSettings } from "@fulfillment/functions/throttling";
import { DEFAULT_HEAP_MB, jvmOptionsOf } from "./engine/dynamodb-local.js";

/** Local runtime configuration (CONTRACTS section 2), read once with its defaults. */
export interface LocalConfig {
  port: number;
  dynamoEndpoint: string | undefined;
  dynamoPort: number;
  /** Maximum Java heap of the embedded engine, in MiB. */
  dynamoHeapMb: number;
  /** More options for the embedded engine's Java VM (DYNAMODB_JVM_OPTIONS). */
  dynamoJvmOptions: string[];
  /** The key presented to DYNAMODB_ENDPOINT when set; by default the data folder's key, else "local". */
  dynamoAccessKey: string | undefined;
  dataDir: string;
  tableName: string;
  demo: boolean;
  marketplaceUrl: string | undefined;
  marketplaceClientId: string | undefined;
  marketplaceClientSecret: string | undefined;
  /** "open": no sign-in (loopback only); "jwt": a local OpenID provider issues tokens and every route checks them. */
  authMode: "open" | "jwt";
  /** The local OpenID provider's port (AUTH_MODE=jwt). */
  oidcPort: number;
  /** The sellers granted to the local provider's people and clients (`npm run users -- grant`), a JSON file. */
  identityGrantsFile: string;
  /** Lifetime of the local provider's access tokens, in seconds. */
  accessTokenSeconds: number;
  /**
   * How writes of many items reach the engine (DYNAMODB_BULK_WRITES): by default transactions for
   * the embedded engine on disk, which waits for the disk at every item of a batch, else batches.
   */
  bulkWrites: BulkWriteMode;
  /** The API's rate limits, the deploy's settings (API_THROTTLE_RATE and the like) with the same defaults. */
  throttling: ThrottleSettings;
}

function authMode(env: NodeJS.ProcessEnv): LocalConfig["authMode"] {
  const raw = (env.AUTH_MODE ?? "").trim().toLowerCase();
  if (raw === "" || raw === "open" || raw === "none") return "open";
  if (raw === "jwt") return "jwt";
  throw new Error(`AUTH_MODE must be "jwt" or unset (open) for npm start, got ${env.AUTH_MODE}`);
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got ${raw}`);
  return value;
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number above 0, got ${raw}`);
  return value;
}

export function localConfig(env: NodeJS.ProcessEnv = process.env): LocalConfig {
  const dataDir = env.DATA_DIR || ".data";
  const embeddedOnDisk = !env.DYNAMODB_ENDPOINT && dataDir !== "memory";
  return {
    port: port(env, "PORT", 3000),
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    dynamoPort: port(env, "DYNAMODB_PORT", 8000),
    dynamoHeapMb: positiveInteger(env, "DYNAMODB_HEAP_MB", DEFAULT_HEAP_MB),
    dynamoJvmOptions: jvmOptionsOf(env),
    dynamoAccessKey: env.DYNAMODB_ACCESS_KEY || undefined,
    dataDir,
    tableName: env.TABLE_NAME || "fulfillment-local",
    demo: (env.DEMO ?? "1") !== "0",
    marketplaceUrl: env.MARKETPLACE_API_URL || undefined,
    marketplaceClientId: env.MARKETPLACE_CLIENT_ID || undefined,
    marketplaceClientSecret: env.MARKETPLACE_CLIENT_SECRET || undefined,
    authMode: authMode(env),
    oidcPort: port(env, "OIDC_PORT", 3001),
    // Beside the data it is about; an in-memory table keeps its grants in the default folder.
    identityGrantsFile: join(dataDir === "memory" ? ".data" : dataDir, "identity-grants.json"),
    accessTokenSeconds: positiveInteger(env, "OIDC_ACCESS_TOKEN_SECONDS", 3600),
    throttling: readThrottleSettings(env),
    bulkWrites: env.DYNAMODB_BULK_WRITES?.trim() ? bulkWriteMode(env) : embeddedOnDisk ? "transactions" : "batches",
  };
}
