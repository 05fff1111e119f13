import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Imports } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities, expiresAt } from "./keys.js";
import { queryAll } from "./operations.js";
import { toRecords } from "./items.js";
import { currentScope, explicitScope } from "./scope.js";

/** The kind of import whose data every seller shares (one physical warehouse). */
const SHARED_IMPORT_KIND: Imports.ImportKind = "local_stock";

/** Import records are kept this long, then the table's TTL removes them. */
export const IMPORT_RETENTION_DAYS = 400;

// `kind` names the record type of every item; the import's own kind is stored beside it. An import
// of one seller's data (costs, sales) keeps that seller's scope: only that seller lists it.
export async function putImportRecord(ref: TableRef, record: Imports.ImportRecord): Promise<void> {
  const { kind: importKind, ...fields } = record;
  const seller = explicitScope();
  const expires = Date.parse(record.at) + IMPORT_RETENTION_DAYS * 86_400_000;
  await ref.doc.send(
    new PutCommand({
      TableName: ref.table,
      Item: { ...Entities.import.key({ id: record.id }), ...fields, kind: "import", import_kind: importKind, ...(seller === undefined ? {} : { seller_scope: seller }), ...expiresAt(expires) },
    }),
  );
}

/**
 * The newest `limit` imports of the shared data and of the current seller, newest first (ids begin
 * with their instant). An import of costs or sales recorded before sellers existed has no scope:
 * it is the first seller's (the empty scope), as the rest of that data is.
 */
export async function listImportRecords(ref: TableRef, limit: number): Promise<Imports.ImportRecord[]> {
  const partition = Entities.import.query.partition();
  const scope = currentScope();
  const unscoped = scope === "" ? "attribute_not_exists(#seller)" : "(attribute_not_exists(#seller) AND #kind = :shared)";
  const items = await queryAll(
    ref,
    {
      ...partition,
      FilterExpression: `${unscoped} OR #seller = :seller`,
      ExpressionAttributeNames: { ...partition.ExpressionAttributeNames, "#seller": "seller_scope", ...(scope === "" ? {} : { "#kind": "import_kind" }) },
      ExpressionAttributeValues: { ...partition.ExpressionAttributeValues, ":seller": scope, ...(scope === "" ? {} : { ":shared": SHARED_IMPORT_KIND }) },
      ScanIndexForward: false,
      Limit: limit,
    },
    limit,
  );
  return toRecords<Omit<Imports.ImportRecord, "kind"> & { import_kind: Imports.ImportKind }>(items).map((stored) => ({
    id: stored.id,
    source: stored.source,
    kind: stored.import_kind,
    warehouse: stored.warehouse ?? null,
    rows: stored.rows,
    added: stored.added,
    changed: stored.changed,
    removed: stored.removed,
    unmatched: stored.unmatched ?? 0,
    unmatched_keys: stored.unmatched_keys ?? [],
    error: stored.error ?? null,
    at: stored.at,
    file: stored.file ?? null,
    actor: stored.actor ?? null,
    request_id: stored.request_id ?? null,
  }));
}
