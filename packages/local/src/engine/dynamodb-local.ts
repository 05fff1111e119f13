import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createServer } from "node:net";

/** Amazon's DynamoDB Local, shipped as a jar inside the amplify-dynamodb-simulator package. */
const emulatorDir = (): string =>
  join(dirname(createRequire(import.meta.url).resolve("amplify-dynamodb-simulator/package.json")), "emulator");

export interface EngineOptions {
  port: number;
  /** A directory for the engine's files, or "memory". */
  dataDir: string;
}

export interface RunningEngine {
  endpoint: string;
  /** The engine's own process (java), for signals. */
  pid: number;
  stop(): Promise<void>;
}

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

async function waitForEngine(endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
    try {
      // Any HTTP answer (400 for a request without a target) means the engine listens.
      await fetch(endpoint, { method: "POST", signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
}

/** Starts DynamoDB Local and resolves once it answers requests. */
export async function startDynamoDbLocal(options: EngineOptions): Promise<RunningEngine> {
  const dir = emulatorDir();
  const args = ["-Xms128m", "-Djava.library.path=./DynamoDBLocal_lib", "-jar", "DynamoDBLocal.jar", "-port", String(options.port)];
  if (options.dataDir === "memory") {
    args.push("-inMemory");
  } else {
    const dbPath = resolve(options.dataDir);
    mkdirSync(dbPath, { recursive: true });
    args.push("-dbPath", dbPath);
  }
  // -sharedDb: one database regardless of the client's region and credentials.
  args.push("-sharedDb");
  const child = spawn("java", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    await waitForEngine(endpoint, child, 30_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}${stderr ? `: ${stderr.trim()}` : ""}`);
  }
  return {
    endpoint,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3_000).unref();
      }),
  };
}
