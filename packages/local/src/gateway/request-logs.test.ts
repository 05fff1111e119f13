import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { logger } from "@fulfillment/functions/logging/logger";
import { createDocumentClient, useTable } from "@fulfillment/functions/storage/client";
import { freePort } from "../engine/ports.js";
import { useConcurrentInvocations } from "./invocation.js";
import { createGateway } from "./server.js";
import { logAt } from "#test/log-level";

/**
 * Logs under failure: DynamoDB out of reach, many requests at once through the local gateway.
 * Each request's log line carries its own request id and route (as each Lambda invocation's
 * does), names the cause, and a stack trace is printed once, not once per request.
 */

// Before this process's first AWS SDK request, as npm start does.
await useConcurrentInvocations();

const captured: string[] = [];
const access: string[] = [];
const gateway = createGateway({ access: (line) => access.push(line) });
let base = "";

function capture(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  vi.spyOn(stream, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (!text.startsWith('{"level"')) return write(chunk, ...rest);
    captured.push(...text.split("\n").filter(Boolean));
    return true;
  }) as typeof stream.write);
}

let logsOff: () => void;

beforeAll(async () => {
  // Prepare: a table handle on a port where nothing listens; logs on and captured.
  useTable({ doc: createDocumentClient({ endpoint: `http://127.0.0.1:${await freePort()}` }), table: "unreachable" });
  logsOff = logAt("INFO");
  capture(process.stdout);
  capture(process.stderr);
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  logsOff();
  vi.restoreAllMocks();
  useTable(undefined);
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

const REQUESTS = [
  { method: "GET", path: "/full/overview" },
  { method: "PUT", path: "/settings/geral", body: JSON.stringify({ moeda: "USD" }) },
  { method: "GET", path: "/full/tariffs" },
];

describe("local gateway logs while storage is unreachable", () => {
  it("gives each concurrent request one line with its own request id, its own method and path, and the cause; each stack once", async () => {
    // Act: eight of each at once.
    const sent = REQUESTS.flatMap((request) => Array.from({ length: 8 }, () => request));
    const answers = await Promise.all(
      sent.map(async ({ method, path, body }) => {
        const response = await fetch(`${base}${path}`, { method, body, headers: { "content-type": "application/json" } });
        await response.arrayBuffer();
        return { method, path, status: response.status, requestId: response.headers.get("apigw-requestid") };
      }),
    );

    // Assess: every request failed, and its log line is its own.
    const lines = captured.map((line) => JSON.parse(line) as Record<string, any>);
    for (const answer of answers) {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.requestId).toEqual(expect.any(String));
      const own = lines.filter((line) => line.function_request_id === answer.requestId);
      expect(own, `${answer.method} ${answer.path}`).toHaveLength(1);
      expect(own[0]!.route).toBe(`${answer.method} ${answer.path}`);
      // The cause: refused outright, or (on a very busy machine) the connection attempt timed out.
      expect(JSON.stringify(own[0])).toMatch(/ECONNREFUSED|timed out|unreachable|did not answer/i);
    }
    expect(lines).toHaveLength(answers.length);
    // The same failure on the same route has the same stack: printed once within the minute.
    const stacks = lines.map((line) => line.error?.stack).filter((stack): stack is string => typeof stack === "string" && /\n\s+at /.test(stack));
    expect(stacks.length).toBeLessThanOrEqual(REQUESTS.length);
    expect(new Set(stacks).size).toBe(stacks.length);

    // Assess: one readable access line per request: method, path, status, milliseconds.
    expect(access).toHaveLength(answers.length);
    for (const answer of answers) {
      expect(access).toContainEqual(expect.stringMatching(new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${answer.method} ${answer.path} ${answer.status} \\d+ ms$`)));
    }
  });
});
