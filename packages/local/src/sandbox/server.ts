import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SandboxFaults } from "./faults.js";
import { answer, issueTokens, type SandboxAnswer, type SandboxState, type SandboxTokenPair } from "./marketplace.js";
import { SandboxNotifications, type NotificationOptions } from "./notifications.js";
import { recordOperation, type OperationRequest, type RecordedOperation } from "./operations.js";
import { DEFAULT_SELLER_ID, buildCatalog, type SandboxItem, type SandboxSeed } from "./seed.js";

export const SANDBOX_CLIENT_ID = "sandbox-client";
export const SANDBOX_CLIENT_SECRET = "sandbox-secret";

export interface SandboxOptions {
  /** 0 or omitted: a free port. */
  port?: number;
  host?: string;
  seed: SandboxSeed;
  /** Delay before every answer. */
  latencyMs?: number;
  /** The initial pair (e.g. one stored by an earlier run); missing parts are generated. */
  tokens?: { access_token?: string; refresh_token?: string; expires_in?: number };
  clientId?: string;
  clientSecret?: string;
  now?: () => number;
  /** How notifications are retried before they are listed as missed. */
  notifications?: NotificationOptions;
}

export interface SandboxRequestLogEntry {
  method: string;
  /** Path with query string, as received. */
  path: string;
  /** Arrival time (epoch ms): tests count calls per interval. */
  at: number;
}

export interface SandboxMarketplace {
  url: string;
  sellerId: number;
  clientId: string;
  clientSecret: string;
  /** The pair issued at start, to store as the `mercadolivre` credential. */
  tokens: SandboxTokenPair;
  /** The authorization page (GET), which approves at once and redirects back with a code. */
  authorizationUrl: string;
  /** The newest pair (changes after each refresh). */
  currentTokens(): SandboxTokenPair;
  /** Makes every access token issued so far expire now. */
  expireAccessTokens(): void;
  /** Whether this sandbox issued the token or code: an access token, its current refresh token, or an unused code. */
  issued(token: string): boolean;
  /** Replaces the items, stock and receptions served. */
  reseed(seed: SandboxSeed): void;
  faults: SandboxFaults;
  requests: SandboxRequestLogEntry[];
  setLatency(ms: number): void;
  /** The notifications sent to the app's callback URL (`notifications.sendTo`), held back, or missed. */
  notifications: SandboxNotifications;
  /** Records a sale or a reception, as the warehouse would: the stock changes and the app is notified. */
  record(request: OperationRequest): RecordedOperation;
  /** Changes a listing (title, thumbnail, status, SKU) and notifies the app (topic items). */
  changeItem(itemId: string, change: Partial<Pick<SandboxItem, "title" | "thumbnail" | "status" | "sku">>): void;
  stop(): Promise<void>;
}

const wait = (ms: number): Promise<void> => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, result: SandboxAnswer): void {
  if (response.destroyed || response.writableEnded) return;
  response.writeHead(result.status, { "content-type": "application/json; charset=utf-8", ...(result.headers ?? {}) });
  response.end(JSON.stringify(result.body));
}

/** A marketplace on localhost that answers the calls the sync makes as the documented API does. */
export async function startSandboxMarketplace(options: SandboxOptions): Promise<SandboxMarketplace> {
  const now = options.now ?? Date.now;
  const sellerId = options.seed.sellerId ?? DEFAULT_SELLER_ID;
  const accessTokens = new Map<string, number>();
  const accessTtlSeconds = options.tokens?.expires_in ?? 10_800;
  const initial = issueTokens({ accessTtlSeconds, now, sellerId, accessTokens }, options.tokens);
  const state: SandboxState = {
    sellerId,
    clientId: options.clientId ?? SANDBOX_CLIENT_ID,
    clientSecret: options.clientSecret ?? SANDBOX_CLIENT_SECRET,
    accessTtlSeconds,
    now,
    catalog: buildCatalog(options.seed, sellerId),
    accessTokens,
    refreshToken: initial.refresh_token,
    current: initial,
    scrolls: new Map(),
    nickname: options.seed.nickname ?? "SANDBOX_SELLER",
    codes: new Map(),
    itemScrolls: new Map(),
  };
  const notifications = new SandboxNotifications(state, options.notifications);
  state.notifications = notifications;
  state.notify = (topic, resource) => void notifications.notify(topic, resource);
  const faults = new SandboxFaults();
  const requests: SandboxRequestLogEntry[] = [];
  let latencyMs = options.latencyMs ?? 0;

  const server = createServer(async (request, response) => {
    response.on("error", () => undefined); // the client may have given up (timeouts)
    try {
      const method = request.method ?? "GET";
      const url = new URL(request.url ?? "/", "http://sandbox.local");
      requests.push({ method, path: `${url.pathname}${url.search}`, at: Date.now() });
      const body = await readBody(request);
      // Faults are taken on arrival: a slow answer still pending must not consume a fault meant for a later request.
      const delay = faults.takeDelay(url.pathname);
      const fault = faults.takeAnswer(url.pathname);
      await wait(latencyMs + delay);
      if (fault?.kind === "disconnect") return void request.socket.destroy();
      if (fault?.kind === "status") return send(response, { status: fault.status, body: fault.body, headers: fault.headers });
      if (fault?.kind === "malformed") return send(response, { status: 200, body: fault.body });
      send(response, answer(state, { method, pathname: url.pathname, query: url.searchParams, headers: request.headers, body }));
    } catch (error) {
      send(response, { status: 500, body: { message: String(error), error: "internal_error", status: 500, cause: [] } });
    }
  });

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${host}:${port}`,
    sellerId,
    clientId: state.clientId,
    clientSecret: state.clientSecret,
    tokens: initial,
    authorizationUrl: `http://${host}:${port}/authorization`,
    currentTokens: () => state.current,
    issued: (token) => accessTokens.has(token) || state.refreshToken === token || state.codes.has(token),
    expireAccessTokens() {
      const expired = now() - 1;
      for (const token of accessTokens.keys()) accessTokens.set(token, expired);
    },
    reseed(seed) {
      state.catalog = buildCatalog({ ...seed, sellerId }, sellerId);
      state.scrolls.clear();
      state.itemScrolls.clear();
      if (seed.nickname) state.nickname = seed.nickname;
    },
    faults,
    requests,
    setLatency(ms) {
      latencyMs = ms;
    },
    notifications,
    record(request) {
      const recorded = recordOperation(state, request);
      if ("status" in recorded) throw new Error(`The sandbox refused the ${request.kind}: ${(recorded.body as { message: string }).message}`);
      return recorded;
    },
    changeItem(itemId, change) {
      const item = state.catalog.items.get(itemId);
      if (!item) throw new Error(`No item ${itemId} in the sandbox`);
      Object.assign(item, change);
      notifications.notify("items", `/items/${itemId}`);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        notifications.sendTo(undefined);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * Refreshes a pair through the sandbox's own token endpoint, as another client of the same app
 * would (tests that expired tokens use it to leave the next test a working pair).
 */
export async function renewSandboxTokens(
  sandbox: SandboxMarketplace,
  refreshToken: string = sandbox.currentTokens().refresh_token,
): Promise<{ access_token: string; refresh_token: string }> {
  const answer = await fetch(`${sandbox.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      client_id: sandbox.clientId,
      client_secret: sandbox.clientSecret,
      refresh_token: refreshToken,
    }),
  });
  if (!answer.ok) throw new Error(`The sandbox refused the token refresh (HTTP ${answer.status})`);
  return (await answer.json()) as { access_token: string; refresh_token: string };
}
