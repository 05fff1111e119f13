/** A webhook receiver on this machine, and the receiver's check of an alert delivery's signature. */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** Keeps every request as received and answers `status`. */
export interface Receiver {
  url: string;
  status: number;
  requests: { headers: IncomingHttpHeaders; body: string }[];
  server: Server;
  close(): Promise<void>;
}

export async function startReceiver(status = 200): Promise<Receiver> {
  const receiver = { status, requests: [] } as unknown as Receiver;
  receiver.server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      receiver.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(receiver.status, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/alerts`;
  receiver.close = () => new Promise((resolve) => receiver.server.close(() => resolve()));
  return receiver;
}

/** The receiver's side of Stripe's scheme, written from its description: t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
export function signatureValid(header: string | undefined, body: string, secret: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(`${match[1]}.${body}`).digest("hex");
  return match[2] === expected && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}
