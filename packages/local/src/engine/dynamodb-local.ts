import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

export { freePort } from "./ports.js";

/** Amazon's DynamoDB Local, shipped as a jar inside the amplify-dynamodb-simulator package. */
const emulatorDir = (): string =>
  join(dirname(createRequire(import.meta.url).resolve("amplify-dynamodb-simulator/package.json")), "emulator");

/** Java's default maximum heap is a quarter of the machine's memory; the engine gets a bound instead. */
export const DEFAULT_HEAP_MB = 512;

export interface EngineOptions {
  port: number;
  /** A directory for the engine's files, or "memory". */
  dataDir: string;
  /** The engine's maximum Java heap (-Xmx), in MiB. */
  heapMb?: number;
  /** More options for the engine's Java VM; DYNAMODB_JVM_OPTIONS when absent. */
  jvmOptions?: readonly string[];
  /** A JVM system property that lets a later start recognise its engine (pid-file.ts). */
  marker?: string;
  /** Called as soon as the process exists, before it answers. */
  onSpawn?: (pid: number) => void;
}

export interface EngineExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines the engine wrote to stderr. */
  stderr: string;
}

export interface RunningEngine {
  endpoint: string;
  pid: number;
  /** Settles when the engine process ends, whether stopped or not. */
  exited: Promise<EngineExit>;
  stop(): Promise<void>;
}

/**
 * DYNAMODB_JVM_OPTIONS: more options for the engine's Java VM, separated by spaces, each starting
 * with "-" (`-XX:TieredStopAtLevel=1` starts an engine in half the CPU time, and reads a little
 * slower once warm: for engines that live seconds, as the tests' do).
 */
export function jvmOptionsOf(env: NodeJS.ProcessEnv = process.env): string[] {
  const words = (env.DYNAMODB_JVM_OPTIONS ?? "").split(/\s+/).filter(Boolean);
  const stray = words.find((word) => !word.startsWith("-") || word === "-jar");
  if (stray !== undefined) throw new Error(`DYNAMODB_JVM_OPTIONS holds "${stray}": each word must be a Java VM option starting with "-" (and not -jar)`);
  return words;
}

/**
 * The engine's command line. Without `-sharedDb`: one database per access key and region, so only
 * clients holding the key see the data (the engine cannot bind to loopback alone).
 */
export function engineArgs(options: EngineOptions): string[] {
  const dir = emulatorDir();
  const args = [
    `-Xmx${options.heapMb ?? DEFAULT_HEAP_MB}m`,
    ...(options.jvmOptions ?? jvmOptionsOf()),
    `-Djava.library.path=${join(dir, "DynamoDBLocal_lib")}`,
    ...(options.marker ? [options.marker] : []),
    "-jar",
    join(dir, "DynamoDBLocal.jar"),
    "-port",
    String(options.port),
  ];
  return options.dataDir === "memory" ? [...args, "-inMemory"] : [...args, "-dbPath", resolve(options.dataDir)];
}

async function waitForEngine(endpoint: string, child: ChildProcess, spawnError: () => Error | undefined, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const error = spawnError();
    if (error) {
      throw new Error(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? "DynamoDB Local needs a Java runtime (17 or later) and no `java` command was found on PATH"
          : `DynamoDB Local could not be started: ${error.message}`,
      );
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`DynamoDB Local exited (${child.signalCode ?? `code ${child.exitCode}`}) before it answered`);
    }
    try {
      // Any HTTP answer (400 for a request without a target) means the engine listens; the caller
      // made sure beforehand that nothing else held the port.
      await fetch(endpoint, { method: "POST", signal: AbortSignal.timeout(1_000) });
      if (child.exitCode === null && child.signalCode === null) return;
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
}

/** Starts DynamoDB Local and resolves once it answers requests. */
export async function startDynamoDbLocal(options: EngineOptions): Promise<RunningEngine> {
  // The engine writes a metadata file into the folder it starts from: its data folder, never node_modules.
  const cwd = options.dataDir === "memory" ? join(tmpdir(), "fulfillment-dynamodb-local") : resolve(options.dataDir);
  mkdirSync(cwd, { recursive: true });
  const child = spawn("java", engineArgs(options), { cwd, stdio: ["ignore", "ignore", "pipe"] });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });
  let spawnError: Error | undefined;
  const exited = new Promise<EngineExit>((resolveExit) => {
    child.once("exit", (code, signal) => resolveExit({ code, signal, stderr: stderr.trim() }));
    child.once("error", (error) => {
      spawnError = error;
      resolveExit({ code: null, signal: null, stderr: error.message });
    });
  });
  const endpoint = `http://127.0.0.1:${options.port}`;
  try {
    await waitForEngine(endpoint, child, () => spawnError, 90_000);
  } catch (error) {
    child.kill("SIGKILL");
    const exit = await Promise.race([exited, new Promise<undefined>((r) => setTimeout(() => r(undefined), 500))]);
    const detail = exit?.stderr ?? stderr.trim();
    throw new Error(`${(error as Error).message}${detail ? `: ${detail}` : ""}`);
  }
  return {
    endpoint,
    pid: child.pid!,
    exited,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3_000).unref();
      }),
  };
}
