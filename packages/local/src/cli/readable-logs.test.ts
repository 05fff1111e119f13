import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logger } from "@fulfillment/functions/logging/logger";
import { readableLogLine, renderLogText } from "./readable-logs.js";
import { logAt } from "#test/log-level";

/** Real Powertools output, captured from the service's logger, rendered for npm start's console. */
let lines: string[] = [];

let logsOff: () => void;

beforeEach(() => {
  lines = [];
  logsOff = logAt("INFO");
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, "write").mockImplementation(((chunk: string) => {
      lines.push(String(chunk));
      return true;
    }) as typeof stream.write);
  }
});

afterEach(() => {
  logsOff();
  vi.restoreAllMocks();
  logger.removeKeys(["route"]);
});

describe("npm start's console", () => {
  it("renders a JSON error line as one readable line: time, level, message, route, request id, cause, then the stack", () => {
    // Prepare
    logger.addContext({ awsRequestId: "3f2a9c1e-0000-4000-8000-000000000000", functionName: "f" } as never);
    logger.appendKeys({ route: "PUT /settings/geral" });
    logger.error("Unexpected failure", new Error("connect ECONNREFUSED 127.0.0.1:8000"));
    const json = lines.join("");
    expect(json.startsWith("{")).toBe(true);

    // Act
    const [first, ...frames] = renderLogText(json).trimEnd().split("\n");

    // Assess
    expect(first).toMatch(
      /^\d\d:\d\d:\d\d ERROR Unexpected failure \[PUT \/settings\/geral 3f2a9c1e\] Error: connect ECONNREFUSED 127\.0\.0\.1:8000$/,
    );
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((frame) => frame.startsWith("    at "))).toBe(true);
  });

  it("shows the other keys of a line as key=value, and leaves text that is not a log record as it was", () => {
    logger.info("Sync run finished", { trigger: "api", run_id: "2026-11-20T14:02:11Z#a1", failed_count: 0 });

    const rendered = renderLogText(lines.join(""));

    expect(rendered).toMatch(/^\d\d:\d\d:\d\d INFO  Sync run finished (\[[^\]]*\] )?trigger=api run_id=2026-11-20T14:02:11Z#a1 failed_count=0\n$/);
    expect(renderLogText('{"not":"a log record"}\nplain text\n')).toBe('{"not":"a log record"}\nplain text\n');
  });

  it("names a repeated stack instead of printing it again", () => {
    const line = readableLogLine({
      level: "ERROR",
      message: "Unexpected failure",
      timestamp: "2026-11-20T14:02:12.000Z",
      error: { name: "Error", message: "connect ECONNREFUSED", stack: "(same stack trace as logged at 2026-11-20T14:02:11.000Z)" },
    });
    expect(line).toMatch(/ERROR Unexpected failure Error: connect ECONNREFUSED \(same stack trace as logged at 2026-11-20T14:02:11\.000Z\)$/);
  });
});
