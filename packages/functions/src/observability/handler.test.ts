import { afterEach, describe, expect, it, vi } from "vitest";
import type { Context } from "aws-lambda";

/** The Lambda context on every log line of an invocation (the logger reads its configuration when its module loads: loaded afresh). */

const context = (id: string) => ({ functionName: "fn", awsRequestId: id, invokedFunctionArn: "arn:fn", memoryLimitInMB: "256" }) as unknown as Context;

async function linesOf(env: Record<string, string>, run: (log: { info: (m: string) => void }) => void, invocations: number): Promise<Record<string, unknown>[]> {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const lines: Record<string, unknown>[] = [];
  const { logger } = await import("#logging/logger");
  const { observedHandler } = await import("./handler.js");
  const collect = (text: string): void => void lines.push(JSON.parse(text) as Record<string, unknown>);
  vi.spyOn(console, "info").mockImplementation(collect);
  vi.spyOn(console, "log").mockImplementation(collect);
  // Powertools writes through its own console on stdout/stderr: capture that as well.
  const writes = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string) => {
    if (String(chunk).includes('"level"')) for (const line of String(chunk).split("\n").filter(Boolean)) collect(line);
    return true;
  }) as typeof process.stdout.write);
  const handler = observedHandler(async () => run(logger));
  for (let i = 0; i < invocations; i++) await handler({}, context(`req-${i}`));
  writes.mockRestore();
  return lines;
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("the observability middlewares", () => {
  it("put each invocation's request id and function on its log lines", async () => {
    const lines = await linesOf({ POWERTOOLS_LOG_LEVEL: "INFO" }, (log) => log.info("working"), 2);
    expect(lines.filter((line) => line.message === "working").map((line) => [line.function_request_id, line.function_name])).toEqual([
      ["req-0", "fn"],
      ["req-1", "fn"],
    ]);
  });
});
