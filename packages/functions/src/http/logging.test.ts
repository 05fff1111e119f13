import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { apiEvent, lambdaContext, invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { faultyTable } from "#test/sdk-faults";
import { createDocumentClient, useTable } from "#storage/client";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { writeGroupEntries } from "#storage/settings";
import { handler as overview } from "../handlers/full/overview.js";
import { handler as putGroup } from "../handlers/settings/put-group.js";
import { handler as postSync } from "../handlers/full/sync.js";
import { logger } from "#logging/logger";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { logAt } from "#test/log-level";

/**
 * What the handlers log: one structured JSON line per event with the request id; each unexpected
 * error once, with its stack; never a token, a secret or the value of a secret-like setting, in a
 * log line or in an error body.
 */

const db = useTestTable("logging", "test");
let lines: string[] = [];

/** The JSON log lines written since the test began (Powertools writes to stdout and stderr itself). */
const logs = (): Record<string, any>[] =>
  lines.flatMap((chunk) => chunk.split("\n")).filter((line) => line.startsWith("{")).map((line) => JSON.parse(line));

function capture(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream);
  vi.spyOn(stream, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
    if (text.includes('"level"')) {
      lines.push(text);
      return true;
    }
    return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof stream.write);
}

const expectNowhere = (secrets: string[], texts: string[]): void => {
  for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
};

let logsOff: () => void;

beforeEach(() => {
  logsOff = logAt("DEBUG");
  lines = [];
  vi.spyOn(Math, "random").mockReturnValue(0.02);
  capture(process.stdout);
  capture(process.stderr);
});

afterEach(() => {
  logsOff();
  vi.restoreAllMocks();
  useTable(db.ref);
});

describe("error logging", () => {
  it("logs an unexpected error once, as JSON with its stack and the request id; the 500 body has a readable message and no stack", async () => {
    // Prepare: the inventory read fails for good (a non-retryable service error).
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("QueryCommand", 100, { name: "ValidationException", message: "One or more parameter values were invalid" });
    useTable(ref);
    const context = lambdaContext();

    // Act
    const result = await overview(apiEvent({ path: "/full/overview" }), context);

    // Assess
    expect(result.statusCode).toBe(500);
    const body = JSON.parse(result.body ?? "");
    expect(body).toEqual({ has_data: false, error: `Falha inesperada ao tratar a requisição (id da requisição ${context.awsRequestId})` });
    const errors = logs().filter((line) => line.level === "ERROR");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      message: "Unexpected failure",
      service: "fulfillment",
      function_request_id: context.awsRequestId,
      route: "GET /full/overview",
      error: { name: "ValidationException", message: "One or more parameter values were invalid", stack: expect.stringMatching(/\n\s+at /) },
    });
    expect(result.body).not.toMatch(/\n\s+at |ValidationException/);
  });

  it("logs a storage failure of a tariff write once, answering 400", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("UpdateItemCommand", 100, { name: "ValidationException" });
    useTable(ref);
    const { handler: createTariff } = await import("../handlers/tariffs/create.js");

    // Act
    const response = await invoke(createTariff, { method: "POST", path: "/full/tariffs", body: { name: "X" } });

    // Assess
    expect(response).toMatchObject({ statusCode: 400, body: { success: false, error: "Falha de armazenamento: não foi possível criar a tarifa" } });
    const errors = logs().filter((line) => line.level === "ERROR");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ message: "Storage failure: create the tariff", error: { stack: expect.stringMatching(/\n\s+at /) } });
  });
});

describe("logs under failure", () => {
  it("a failing dependency gives one line per request naming the cause, without a stack", async () => {
    // Prepare: the table's endpoint refuses connections.
    useTable({ doc: createDocumentClient({ endpoint: `http://127.0.0.1:${await freePort()}` }), table: db.ref.table });
    const contexts = Array.from({ length: 5 }, () => lambdaContext());

    // Act
    for (const [i, context] of contexts.entries()) {
      const event = i % 2 === 0 ? apiEvent({ path: "/full/overview" }) : apiEvent({ method: "PUT", path: "/settings/geral", pathParameters: { group: "geral" }, body: { moeda: "USD" } });
      await (i % 2 === 0 ? overview : putGroup)(event, context);
    }

    // Assess
    const errors = logs().filter((line) => line.level === "ERROR");
    expect(errors.map((line) => line.function_request_id)).toEqual(contexts.map((context) => context.awsRequestId));
    for (const line of errors) {
      expect(line.message).toMatch(/^Storage unreachable: (Query|GetItem|TransactWriteItems) failed after \d attempts? \(connection refused\)$/);
      expect(JSON.stringify(line)).not.toMatch(/\\n\s+at /);
    }
  });

  it("prints the same stack at most once a minute while a failure repeats; every request still logs its line", async () => {
    // Prepare: the inventory read fails for good; the clock is moved, not waited for.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_600_000 });
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("QueryCommand", 1_000, { name: "ValidationException", message: "One or more parameter values were invalid" });
    useTable(ref);
    const call = () => overview(apiEvent({ path: "/full/overview" }), lambdaContext());

    // Act
    await call();
    await call();
    vi.setSystemTime(Date.now() + 30_000);
    await call();
    vi.setSystemTime(Date.now() + 31_000);
    await call();

    // Assess
    const errors = logs().filter((line) => line.level === "ERROR");
    expect(errors.map((line) => line.message)).toEqual(Array(4).fill("Unexpected failure"));
    expect(errors.map((line) => /\n\s+at /.test(line.error.stack))).toEqual([true, false, false, true]);
    for (const line of [errors[1]!, errors[2]!]) {
      expect(line.error).toMatchObject({ name: "ValidationException", stack: expect.stringMatching(/^\(same stack trace as logged at /) });
    }
    vi.useRealTimers();
  });
});

describe("secrets stay out of logs and error bodies", () => {
  it("PUT /settings/integracoes with secret keys, failing inside the transaction: nothing stored, no secret in the 500 or the logs", async () => {
    // Prepare: stored settings and ERP credential; the credential update will fail in the engine.
    await writeGroupEntries(db.ref, "integracoes", { entries: { weather_enabled: { value: "true", description: null } }, erpToken: "OLD-TOKEN" });
    const before = await dumpTable(db.ref);
    const { ref, faults } = faultyTable(db.ref);
    faults.rewrite("TransactWriteItemsCommand", 100, (input) => {
      for (const item of input.TransactItems ?? []) {
        if (item.Update) item.Update.ConditionExpression = "attribute_not_exists(pk)";
      }
    });
    useTable(ref);

    // Act
    const response = await invoke(putGroup, {
      method: "PUT",
      path: "/settings/integracoes",
      pathParameters: { group: "integracoes" },
      body: { weather_api_key: "SECRET-XYZ", erp_api_token: "TOKEN-XYZ", weather_cidade: "Campinas,BR" },
    });

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(/^Falha inesperada ao tratar a requisição/) });
    expect(await dumpTable(db.ref)).toEqual(before);
    const errors = logs().filter((line) => line.level === "ERROR");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.error.name).toBe("TransactionCanceledException");
    expectNowhere(["SECRET-XYZ", "TOKEN-XYZ", "OLD-TOKEN"], [JSON.stringify(response.body), ...lines]);
  });

  it("redacts secret-like keys wherever they appear in a log line", () => {
    // Act
    logger.info("Settings received", {
      settings: { weather_api_key: "SECRET-1", erp_api_token: "SECRET-2", weather_cidade: "Campinas" },
      headers: { Authorization: "Bearer SECRET-3" },
      credential: { access_token: "SECRET-4", refresh_token: "SECRET-5", client_secret: "SECRET-6", password: "SECRET-7" },
    });

    // Assess
    const [line] = logs();
    expect(line).toMatchObject({
      message: "Settings received",
      settings: { weather_api_key: "[redacted]", erp_api_token: "[redacted]", weather_cidade: "Campinas" },
      headers: { Authorization: "[redacted]" },
      credential: { access_token: "[redacted]", refresh_token: "[redacted]", client_secret: "[redacted]", password: "[redacted]" },
    });
    expectNowhere(["SECRET-"], lines);
  });

  describe("sync", () => {
    let sandbox: SandboxMarketplace;
    let restoreEnv: () => void;

    beforeAll(async () => {
      sandbox = await startSandboxMarketplace({ seed: { items: [{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }] } });
      restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
    });

    afterAll(async () => {
      await sandbox.stop();
      restoreEnv();
    });

    it.each([
      [401, 500],
      // The refresh fails discovery's listing (the first read): the run goes on, partial, with the cause in discovery.error.
      [500, 200],
    ] as const)("a token refresh answered %i with the secrets echoed back: the %i body and the logs never hold a secret", async (status, answered) => {
      // Prepare: the stored access token is rejected, and the refresh answers with the client secret and tokens in its text.
      const pair = sandbox.currentTokens();
      await putAds(db.ref, [{ id: "MLB1", title: null, thumbnail: null, permalink: null, cost: null, sku: "A", is_full: true, sales_30d: 3 }]);
      await putCredential(db.ref, { provider: "mercadolivre", ...pair, user_id: sandbox.sellerId });
      const echoed = `client_secret=${sandbox.clientSecret} refresh_token=${pair.refresh_token} access_token=${pair.access_token}`;
      sandbox.faults.reset();
      sandbox.faults.inject({ path: /./, status: 401, count: 1 });
      sandbox.faults.inject({ path: "/oauth/token", status, count: 20, body: { message: echoed, error: echoed, status } });

      // Act
      const response = await invoke(postSync, { method: "POST", path: "/full/sync" });

      // Assess
      expect(response.statusCode).toBe(answered);
      const reported = answered === 500 ? response.body.error : response.body.discovery.error;
      expect(reported).toMatch(new RegExp(`POST /oauth/token: HTTP ${status}`));
      expect(reported).toContain("[redacted]");
      if (answered === 500) expect(logs().filter((line) => line.message === "Request refused")).toHaveLength(1);
      expectNowhere([sandbox.clientSecret, pair.refresh_token, pair.access_token], [JSON.stringify(response.body), ...lines]);
      sandbox.faults.reset();
    });
  });
});
