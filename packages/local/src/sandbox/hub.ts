/**
 * Several sellers' marketplaces behind one address, as the real marketplace serves every seller
 * of an app from one API: each seller is a sandbox of its own (its catalogue, tokens, latency and
 * faults), and the hub hands each request to the seller it belongs to, by its access token, the
 * refresh token or code it exchanges, or the user id in its path.
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { startSandboxMarketplace, type SandboxMarketplace, type SandboxOptions, type SandboxRequestLogEntry } from "./server.js";

export interface SandboxHub {
  url: string;
  /** One sandbox per seller, in the order given. */
  sellers: SandboxMarketplace[];
  /** Every request the hub received, with the seller it went to (undefined: none claimed it). */
  requests: (SandboxRequestLogEntry & { sellerId: number | undefined })[];
  stop(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

/** The seller a request belongs to; the first when nothing in it names one (public pages). */
export function sellerOfRequest(sellers: readonly SandboxMarketplace[], path: string, authorization: string | undefined, body: string): SandboxMarketplace | undefined {
  const bearer = authorization ? /^Bearer\s+(\S+)$/i.exec(authorization)?.[1] : undefined;
  if (bearer) return sellers.find((seller) => seller.issued(bearer));
  const form = new URLSearchParams(body);
  const exchanged = form.get("refresh_token") ?? form.get("code");
  if (exchanged) return sellers.find((seller) => seller.issued(exchanged));
  const user = /^\/users\/(\d+)/.exec(path)?.[1];
  if (user) return sellers.find((seller) => String(seller.sellerId) === user);
  return sellers[0];
}

function forward(target: SandboxMarketplace, request: IncomingMessage, body: Buffer, response: ServerResponse): void {
  const url = new URL(request.url ?? "/", target.url);
  const outgoing = httpRequest(url, { method: request.method, headers: { ...request.headers, host: url.host } }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(response);
  });
  // A seller's sandbox cutting the connection (an injected fault) cuts the caller's too.
  outgoing.on("error", () => request.socket.destroy());
  outgoing.end(body);
}

/** Starts one sandbox per seller (each seed names its `sellerId`) and the hub in front of them. */
export async function startSandboxHub(sellers: SandboxOptions[]): Promise<SandboxHub> {
  const started = await Promise.all(sellers.map((options) => startSandboxMarketplace(options)));
  const ids = new Set(started.map((seller) => seller.sellerId));
  if (ids.size !== started.length) throw new Error("Each seller of the sandbox hub needs a sellerId of its own");
  const requests: SandboxHub["requests"] = [];
  const server = createServer(async (request, response) => {
    response.on("error", () => undefined);
    const body = await readBody(request).catch(() => Buffer.alloc(0));
    const path = request.url ?? "/";
    const authorization = typeof request.headers.authorization === "string" ? request.headers.authorization : undefined;
    const target = sellerOfRequest(started, path.split("?")[0]!, authorization, body.toString("utf8"));
    requests.push({ method: request.method ?? "GET", path, at: Date.now(), sellerId: target?.sellerId });
    if (target) return forward(target, request, body, response);
    // A token no seller issued is what the marketplace answers any unknown token with.
    response.writeHead(401, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify({ message: "invalid access token", error: "unauthorized", status: 401, cause: [] }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sellers: started,
    requests,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(started.map((seller) => seller.stop()));
    },
  };
}
