import { connect, createServer } from "node:net";

/**
 * Ports are picked below the kernel's ephemeral range (32768–60999 on Linux): a port the OS hands
 * out for `listen(0)` can be taken by any outgoing connection or another process's `listen(0)`
 * between our check and the child's bind. Each test fork draws from its own slice, so two forks
 * never pick the same port, and a port handed out once is not handed out again by this process.
 */
const LOW = 20_000;
const HIGH = 32_000;
const SLICE = 3_000;
const handedOut = new Set<number>();

function candidateRange(): [number, number] {
  const pool = Number(process.env.VITEST_POOL_ID ?? "");
  if (Number.isInteger(pool) && pool >= 1 && LOW + pool * SLICE <= HIGH) return [LOW + (pool - 1) * SLICE, LOW + pool * SLICE];
  return [LOW, HIGH];
}

/** A port nothing listens on right now and that this process has not handed out before. */
export async function freePort(): Promise<number> {
  const [low, high] = candidateRange();
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    if (handedOut.has(port)) continue;
    if ((await canListen(port)) && !(await portAnswers(port, 200))) {
      handedOut.add(port);
      return port;
    }
  }
  return osPickedPort();
}

/** The OS's pick, when no port in our range is free. */
function osPickedPort(): Promise<number> {
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
