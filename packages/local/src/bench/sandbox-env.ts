/** The bench's sandbox marketplace as the service's marketplace client finds it: by its variables. */
const MARKETPLACE_ENV = ["MARKETPLACE_API_URL", "MARKETPLACE_CLIENT_ID", "MARKETPLACE_CLIENT_SECRET"] as const;

/** Points the marketplace variables at `sandbox`; the function returned puts them back as they were. */
export function pointAtSandbox(sandbox: { url: string; clientId: string; clientSecret: string }): () => void {
  const saved = Object.fromEntries(MARKETPLACE_ENV.map((name) => [name, process.env[name]]));
  process.env.MARKETPLACE_API_URL = sandbox.url;
  process.env.MARKETPLACE_CLIENT_ID = sandbox.clientId;
  process.env.MARKETPLACE_CLIENT_SECRET = sandbox.clientSecret;
  return () => {
    for (const name of MARKETPLACE_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  };
}
