import { randomUUID } from "node:crypto";
import { DeleteTableCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, beforeAll } from "vitest";
import { createDocumentClient, useTable, type TableRef } from "../../packages/functions/src/storage/client.js";
import { ensureTable } from "../../packages/functions/src/storage/create-table.js";

/** Refuses anything but a loopback endpoint: tests never touch a real AWS table. */
export function localEndpoint(): string {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint || !/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(endpoint)) {
    throw new Error(`Tests run only against DynamoDB Local on loopback, not ${endpoint ?? "(unset)"}`);
  }
  return endpoint;
}

/** Creates a fresh table and makes it the handlers' table. */
export async function createTestTable(prefix = "test"): Promise<TableRef> {
  const doc = createDocumentClient({ endpoint: localEndpoint() });
  const ref = { doc, table: `${prefix}-${randomUUID()}` };
  await ensureTable(doc, ref.table);
  process.env.TABLE_NAME = ref.table;
  useTable(ref);
  return ref;
}

export async function dropTestTable(ref: TableRef): Promise<void> {
  await ref.doc.send(new DeleteTableCommand({ TableName: ref.table })).catch(() => undefined);
}

/** A fresh table for the calling test file, dropped when the file ends. */
export function useTestTable(prefix = "test"): { readonly ref: TableRef } {
  const holder: { ref: TableRef } = {} as { ref: TableRef };
  beforeAll(async () => {
    holder.ref = await createTestTable(prefix);
  });
  afterAll(async () => {
    await dropTestTable(holder.ref);
  });
  return holder;
}
