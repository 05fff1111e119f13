import { randomUUID } from "node:crypto";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { createDocumentClient, useTable, type TableRef } from "#storage/client";
import { ensureTable } from "#storage/create-table";

/** Refuses anything but a loopback endpoint: tests never touch a real AWS table. */
export function localEndpoint(): string {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint || !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(endpoint)) {
    throw new Error(`Tests run only against DynamoDB Local on loopback, not ${endpoint ?? "(unset)"}`);
  }
  return endpoint;
}

/**
 * Tests share one engine on a machine that may be busy with other work: their clients wait longer
 * than the service's 5 s budget, so a slow moment is not a failure. Tests of the budget itself
 * (test/hardening/engine-faults.test.ts) use the service's own.
 */
export const TEST_TIME_BUDGET = { callMs: 60_000, attemptMs: 30_000 };

/** Creates a fresh table and makes it the handlers' table. */
export async function createTestTable(prefix = "test"): Promise<TableRef> {
  const doc = createDocumentClient({ endpoint: localEndpoint(), budget: TEST_TIME_BUDGET });
  const ref = { doc, table: `${prefix}-${randomUUID()}` };
  await ensureTable(doc, ref.table);
  process.env.TABLE_NAME = ref.table;
  useTable(ref);
  return ref;
}

export async function dropTestTable(ref: TableRef): Promise<void> {
  await ref.doc.send(new DeleteTableCommand({ TableName: ref.table })).catch(() => undefined);
}

/** A fresh table for the calling test file (or for each of its tests), dropped when it ends. */
export function useTestTable(prefix = "test", scope: "file" | "test" = "file"): { readonly ref: TableRef } {
  const holder: { ref: TableRef } = {} as { ref: TableRef };
  const [setUp, tearDown] = scope === "file" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  setUp(async () => {
    holder.ref = await createTestTable(prefix);
  });
  tearDown(async () => {
    await dropTestTable(holder.ref);
  });
  return holder;
}
