import { spawn, type ChildProcess } from "node:child_process";

export interface RunningService {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
}

/** Starts the service as `npm start` does and resolves once it prints its URL. */
export async function startService(env: Record<string, string>): Promise<RunningService> {
  // The same entry `npm start` runs, on this Node 22 runtime, so signals reach it directly.
  const child = spawn(process.execPath, ["--import", "tsx", "packages/local/src/cli/start.ts"], {
    env: { ...process.env, DYNAMODB_ENDPOINT: "", DYNAMODB_ACCESS_KEY: "", TABLE_NAME: "", DATA_DIR: "memory", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 120_000);
    child.stdout!.on("data", () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once("exit", (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
  return { child, url, output: () => output };
}

/** SIGTERM, as Ctrl-C would; resolves with the exit code. */
export async function stopService(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}
