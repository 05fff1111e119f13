import { createServer, connect, type Server } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP proxy in front of the storage engine that holds every chunk a client sends for `delayMs`
 * before passing it on: a slow storage, so a process killed at a step is killed inside it.
 */
export async function startSlowProxy(target: { host: string; port: number }, delayMs: number): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => sockets.delete(socket));
    }
    client.on("data", (chunk) => setTimeout(() => upstream.write(chunk), delayMs));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
