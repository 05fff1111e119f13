import { connect, createServer } from "node:net";

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:port (a listener on every interface included). */
export function portAnswers(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolveAnswer) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (answer: boolean): void => {
      socket.destroy();
      resolveAnswer(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** Whether this process could listen on host:port now: false when another process holds it. */
export function canListen(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolveFree) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolveFree(false));
    server.listen(port, host, () => server.close(() => resolveFree(true)));
  });
}
