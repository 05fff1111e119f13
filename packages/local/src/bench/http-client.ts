/**
 * The HTTP section's client in a Node process of its own, as a user's client is: the whole bench's
 * own process holds hundreds of megabytes of records by the time it reaches the section, and its
 * garbage collector would run on the machine's two cores during the rounds, beside `npm start`
 * and the engine it measures.
 *
 * Run as a script: reads the rounds' input (JSON) from its argument and prints the rows (JSON) on
 * one line after RESULT_MARK.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { stopService } from "../engine/service-process.js";
import { comparedPaths, HTTP_ROUNDS, measureHttpRounds, SERVICE_WARMUP, startServiceOn, type HttpRow } from "./http-side-by-side.js";

export interface HttpClientInput {
  serviceUrl: string;
  paths: Record<string, string>;
  size: number;
  rounds?: typeof HTTP_ROUNDS;
  warmup?: typeof SERVICE_WARMUP;
}

export interface HttpClientOutput {
  /** The client process, so a caller can tell it was not its own. */
  pid: number;
  rows: HttpRow[];
}

const RESULT_MARK = "http-client-result ";
const SCRIPT = fileURLToPath(import.meta.url);

/** measureHttpRounds in a fresh Node process (tsx, as the bench runs); rejects with the child's error output when it fails. */
export function measureHttpRoundsApart(input: HttpClientInput): Promise<HttpClientOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, JSON.stringify(input)], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let errors = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const line = output.split("\n").find((text) => text.startsWith(RESULT_MARK));
      if (code === 0 && line) resolve(JSON.parse(line.slice(RESULT_MARK.length)) as HttpClientOutput);
      else reject(new Error(`the HTTP client exited with ${code}: ${errors.trim().split("\n").at(-1) || "no result"}`));
    });
  });
}

/** `npm start` on the bench's table, and the compared paths timed through it by a client process of its own. */
export async function measureHttpSideBySide(options: { engine?: "disk" | "memory"; engineEndpoint: string; accessKey: string; table: string; today: string; size: number; rounds?: typeof HTTP_ROUNDS }): Promise<HttpRow[]> {
  const service = await startServiceOn(options.engineEndpoint, options.accessKey, options.table, options.engine);
  try {
    return (await measureHttpRoundsApart({ serviceUrl: service.url, paths: comparedPaths(options.today), size: options.size, rounds: options.rounds })).rows;
  } finally {
    await stopService(service.child);
  }
}

if (process.argv[1] === SCRIPT) {
  try {
    const input = JSON.parse(process.argv[2] ?? "{}") as HttpClientInput;
    const rows = await measureHttpRounds(input.serviceUrl, input.paths, input.size, input.rounds, input.warmup);
    process.stdout.write(`${RESULT_MARK}${JSON.stringify({ pid: process.pid, rows } satisfies HttpClientOutput)}\n`);
  } catch (error) {
    // One line for the caller's message, not a stack.
    process.stderr.write(`${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}
