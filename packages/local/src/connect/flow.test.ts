import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getCredential } from "@fulfillment/functions/storage/credentials";
import { useTestTable } from "#test/table";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { createGateway } from "../gateway/server.js";
import { startSandboxMarketplace, type SandboxMarketplace } from "../sandbox/index.js";
import { bearer, regionOfApiHost, sigv4 } from "./authorize.js";
import { ConnectError, connectAccount } from "./flow.js";

const db = useTestTable("connect-cli");
const gateway = createGateway();
let sandbox: SandboxMarketplace;
let api = "";
let restoreEnv: () => void;

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items: [], nickname: "LOJA_CLI" } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  api = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await sandbox.stop();
  restoreEnv();
});

describe("npm run connect", () => {
  it("prints the authorization page and returns once the browser has been through the service's callback", async () => {
    // Prepare: the "browser" opens the printed page; the sandbox approves and sends it to the callback.
    const lines: string[] = [];
    let browser: Promise<Response> | undefined;
    const print = (line: string) => {
      lines.push(line);
      const page = /^\s+(http\S+)$/.exec(line)?.[1];
      if (page) browser = fetch(page);
    };

    // Act
    const account = await connectAccount({ api, print, pollMs: 20, timeoutMs: 10_000 });

    // Assess
    const landed = await browser!;
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain("LOJA_CLI");
    expect(lines[0]).toMatch(/^Open this page in a browser/);
    expect(lines[1]).toContain(`${sandbox.authorizationUrl}?response_type=code&client_id=${sandbox.clientId}`);
    expect(new URL(lines[1]!.trim()).searchParams.get("redirect_uri")).toBe(`${api}/marketplace/callback`);
    expect(account).toMatchObject({ connected: true, nickname: "LOJA_CLI", user_id: sandbox.sellerId, site_id: "MLB" });
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ access_token: sandbox.currentTokens().access_token });
  });

  it("gives up when nobody approves within the time the state lasts", async () => {
    const error = await connectAccount({ api, print: () => undefined, pollMs: 5, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as Error).message).toBe("No account was connected within 10 minutes; run npm run connect again");
  });

  it("says so when the service cannot be reached", async () => {
    const error = await connectAccount({ api: "http://127.0.0.1:9", print: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectError);
    expect((error as Error).message).toMatch(/^The service at http:\/\/127\.0\.0\.1:9 cannot be reached/);
  });

  it("signs requests to a deployed API with SigV4 in its region, or sends the bearer token in JWT mode", async () => {
    // Prepare: credentials from the environment, the first link of the default chain.
    vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIAEXAMPLEKEY");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "example-secret");
    const url = new URL("https://abc123.execute-api.sa-east-1.amazonaws.com/marketplace/connect");

    // Act
    const region = regionOfApiHost(url.hostname);
    const signed = await sigv4(region!)({ method: "GET", url });
    const token = await bearer("eyJ.example.jwt")({ method: "GET", url });
    vi.unstubAllEnvs();

    // Assess
    expect(region).toBe("sa-east-1");
    expect(regionOfApiHost("127.0.0.1")).toBeUndefined();
    expect(signed.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAEXAMPLEKEY\/\d{8}\/sa-east-1\/execute-api\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    expect(signed["x-amz-date"]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(token).toEqual({ authorization: "Bearer eyJ.example.jwt" });
  });
});
