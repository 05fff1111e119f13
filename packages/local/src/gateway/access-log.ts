import type { IncomingMessage, ServerResponse } from "node:http";
import sonicBoom, { type SonicBoom as Output } from "sonic-boom";

// A CommonJS module: Node gives its exports as the default import only.
const { SonicBoom } = sonicBoom;

/** "14:02:11" in the machine's time zone: the console of a local run reads like a wall clock. */
export const clockTime = (at: Date): string => at.toTimeString().slice(0, 8);

export interface AccessEntry {
  method: string;
  path: string;
  /** Undefined when the client went away before an answer was sent. */
  status: number | undefined;
  ms: number;
  at: Date;
}

/** One readable line per request: "14:02:11 PUT /settings/geral 500 1203 ms". */
export const accessLine = (entry: AccessEntry): string =>
  `${clockTime(entry.at)} ${entry.method} ${entry.path} ${entry.status ?? "-"} ${Math.round(entry.ms)} ms`;

/** Writes the request's access line once its answer has been sent (or the client went away). */
export function logAccess(request: IncomingMessage, response: ServerResponse, path: string, write: (line: string) => void): void {
  const started = performance.now();
  response.once("close", () => {
    const status = response.headersSent ? response.statusCode : undefined;
    write(accessLine({ method: request.method ?? "GET", path, status, ms: performance.now() - started, at: new Date() }));
  });
}

/** Where lines go: a destination with sonic-boom's write and flushSync. */
export interface LineDestination {
  write(text: string): boolean;
  flushSync(): void;
}

/**
 * Access lines off the request path: console.log to a pipe or a file blocks until written, so
 * lines are handed to sonic-boom, which writes them to standard output asynchronously. What is
 * still buffered when the process exits is written before it does.
 */
export function accessLineWriter(
  destination: LineDestination = standardOutput(),
  atExit: (flush: () => void) => void = (flush) => void process.once("exit", flush),
): (line: string) => void {
  atExit(() => {
    try {
      destination.flushSync();
    } catch {
      // Standard output is gone (a closed pipe): there is no one left to read the lines.
    }
  });
  return (line) => void destination.write(`${line}\n`);
}

/** How long an access line may wait for others before it is written. */
export const ACCESS_LINE_DELAY_MS = 100;

/**
 * Lines gather until 4 KB or ACCESS_LINE_DELAY_MS, then go out in one write. Each asynchronous
 * write hands the line to a thread of libuv's pool: one write per request was a quarter of the
 * gateway's own time on a small read on this 2-core machine, where waking a thread is dear.
 */
export function standardOutput(fd = 1): Output {
  const output = new SonicBoom({ fd, sync: false, minLength: 4096, periodicFlush: ACCESS_LINE_DELAY_MS });
  // A reader that went away (EPIPE) ends the access lines, not the service.
  output.on("error", () => undefined);
  return output;
}
