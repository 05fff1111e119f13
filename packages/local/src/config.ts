/** Local runtime configuration (CONTRACTS section 2), read once with its defaults. */
export interface LocalConfig {
  port: number;
  dynamoEndpoint: string | undefined;
  dynamoPort: number;
  dataDir: string;
  tableName: string;
  demo: boolean;
  marketplaceUrl: string | undefined;
  marketplaceClientId: string | undefined;
  marketplaceClientSecret: string | undefined;
}

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`${name} must be a port number, got ${raw}`);
  return value;
}

export function localConfig(): LocalConfig {
  return {
    port: port("PORT", 3000),
    dynamoEndpoint: process.env.DYNAMODB_ENDPOINT || undefined,
    dynamoPort: port("DYNAMODB_PORT", 8000),
    dataDir: process.env.DATA_DIR || ".data",
    tableName: process.env.TABLE_NAME || "fulfillment-local",
    demo: (process.env.DEMO ?? "1") !== "0",
    marketplaceUrl: process.env.MARKETPLACE_API_URL || undefined,
    marketplaceClientId: process.env.MARKETPLACE_CLIENT_ID || undefined,
    marketplaceClientSecret: process.env.MARKETPLACE_CLIENT_SECRET || undefined,
  };
}
