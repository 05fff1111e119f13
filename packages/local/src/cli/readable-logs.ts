import { clockTime } from "../gateway/access-log.js";

/**
 * `npm start`'s console. The handlers log structured JSON, as CloudWatch wants it; a person at a
 * terminal gets each of those lines as one readable line instead:
 *   14:02:11 ERROR Unexpected failure [PUT /settings/geral 3f2a9c1e] Error: connect ECONNREFUSED 127.0.0.1:8000
 * A stack trace, when the line has one, follows indented (the logger prints the same one at most
 * once a minute).
 */

/** Keys every Powertools line carries; the readable line shows the useful ones in its prefix. */
const ENVELOPE_KEYS = new Set([
  "level",
  "message",
  "timestamp",
  "service",
  "sampling_rate",
  "xray_trace_id",
  "cold_start",
  "function_arn",
  "function_memory_size",
  "function_name",
  "function_request_id",
  "tenant_id",
  "route",
  "error",
]);

type LogRecord = Record<string, unknown>;

const isLogRecord = (value: unknown): value is LogRecord =>
  typeof value === "object" && value !== null && "level" in value && "message" in value && "timestamp" in value;

const shown = (value: unknown): string => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
};

function describeError(error: unknown): { summary: string; stack?: string } {
  if (typeof error !== "object" || error === null) return { summary: shown(error) };
  const { name, message, stack, cause } = error as Record<string, unknown>;
  let summary = `${typeof name === "string" ? name : "Error"}: ${typeof message === "string" ? message : shown(message)}`;
  if (cause !== undefined) summary += ` (cause: ${describeError(cause).summary})`;
  if (typeof stack !== "string") return { summary };
  // The first line of a stack repeats name and message: only the frames are shown.
  const frames = stack.split("\n").filter((line) => /^\s+at /.test(line));
  if (frames.length === 0) return { summary: `${summary} ${stack}` };
  return { summary, stack: frames.map((line) => `    ${line.trim()}`).join("\n") };
}

/** One Powertools JSON record as a readable line (plus its stack trace, if it carries one). */
export function readableLogLine(record: LogRecord): string {
  const at = new Date(String(record.timestamp));
  const context = [record.route, typeof record.function_request_id === "string" ? record.function_request_id.slice(0, 8) : undefined]
    .filter((part) => typeof part === "string" && part !== "")
    .join(" ");
  const fields = Object.entries(record)
    .filter(([key, value]) => !ENVELOPE_KEYS.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${shown(value)}`);
  const error = record.error === undefined ? undefined : describeError(record.error);
  const line = [
    Number.isNaN(at.getTime()) ? "--:--:--" : clockTime(at),
    String(record.level).padEnd(5),
    String(record.message),
    context ? `[${context}]` : "",
    ...fields,
    error?.summary ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  return error?.stack ? `${line}\n${error.stack}` : line;
}

/** The text with each whole-line JSON log record rendered readable; anything else as it was. */
export function renderLogText(text: string): string {
  return text.replace(/^\{.*\}$/gm, (line) => {
    try {
      const record: unknown = JSON.parse(line);
      return isLogRecord(record) ? readableLogLine(record) : line;
    } catch {
      return line;
    }
  });
}

/** Renders the JSON log lines written to this stream readable, from now on. */
export function renderLogsReadable(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === "string" && chunk.startsWith("{") ? renderLogText(chunk) : chunk, ...rest)) as typeof stream.write;
}
