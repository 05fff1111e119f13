/** The service as `npm start` (or any npm script) runs it, in a process of its own: for the end-to-end tests and the console bench. */
import { spawn, type ChildProcess } from "node:child_process";

export interface SpawnedService {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

export interface RunningService extends SpawnedService {
  url: string;
}

/** Keeps everything a spawned process prints. */
function recorded(child: ChildProcess): SpawnedService {
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

/** Spawns the entry `npm start` runs, on this Node 22 runtime, so signals reach it directly. */
export function spawnService(env: Record<string, string>): SpawnedService {
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/cli/start.ts"], {
    env: { ...process.env, DYNAMODB_ENDPOINT: "", DYNAMODB_ACCESS_KEY: "", TABLE_NAME: "", DATA_DIR: "memory", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return recorded(child);
}

/** The variables of CONTRACTS §2 (and the engine key): only what a test gives reaches the command. */
const RUNTIME_VARIABLES = [
  "PORT",
  "DYNAMODB_ENDPOINT",
  "DYNAMODB_PORT",
  "DYNAMODB_ACCESS_KEY",
  "DATA_DIR",
  "TABLE_NAME",
  "DEMO",
  "MARKETPLACE_API_URL",
  "MARKETPLACE_CLIENT_ID",
  "MARKETPLACE_CLIENT_SECRET",
] as const;

/**
 * Runs `npm <args>` (`npm start`, `npm run load -- FILE`) as a user types it in a terminal of
 * their own: through npm and the scripts of package.json, with exactly the given variables of
 * CONTRACTS §2 and none of this test run's.
 */
export function spawnNpm(args: readonly string[], env: Record<string, string> = {}): SpawnedService {
  const clean: NodeJS.ProcessEnv = { ...process.env };
  for (const name of RUNTIME_VARIABLES) delete clean[name];
  const npm = process.env.npm_execpath;
  const [command, commandArgs] = npm ? [process.execPath, [npm, ...args]] : ["npm", [...args]];
  return recorded(spawn(command, commandArgs, { env: { ...clean, ...env }, stdio: ["ignore", "pipe", "pipe"] }));
}

/** Resolves with the URL a spawned service prints once it listens; rejects if it exits first. */
export function listeningUrl(service: SpawnedService): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${service.output()}`)), 120_000);
    service.child.stdout!.on("data", () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(service.output());
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    service.child.once("exit", (code) => reject(new Error(`service exited with ${code}:\n${service.output()}`)));
  });
}

/** Starts the service as `npm start` does and resolves once it prints its URL. */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  const service = spawnService(env);
  return { ...service, url: await listeningUrl(service) };
}

/** Resolves with the process's exit code once it has exited. */
export const exitCode = (child: ChildProcess): Promise<number | null> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once("exit", (code) => resolve(code)));

/** SIGTERM, as Ctrl-C would; resolves with the exit code. */
export async function stopService(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = exitCode(child);
  child.kill("SIGTERM");
  return exited;
}
