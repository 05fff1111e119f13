import type { IncomingMessage, ServerResponse } from "node:http";

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
