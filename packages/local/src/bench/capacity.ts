/**
 * A document client that counts what the handlers ask of DynamoDB: every command is sent with
 * ReturnConsumedCapacity TOTAL, and the meter sums the capacity, the calls and the record kinds
 * read (those whose partitions the keys and key conditions name).
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { kindsOfPartition } from "@fulfillment/functions/storage/keys";
import { approximateSize, standsInForBatch } from "@fulfillment/functions/storage/transact-writes";

export interface CapacityMeter {
  calls: number;
  capacityUnits: number;
  /** The same units, split as on-demand billing splits them. */
  readUnits: number;
  writeUnits: number;
  /** Record kinds whose partitions were read, e.g. "inventory", "ad". */
  kinds: Set<string>;
  reset(): void;
}

interface Consumed {
  CapacityUnits?: number;
}

/** Record kinds whose partitions a command's input reads. */
function kindsOf(input: Record<string, any>): string[] {
  const partitions: unknown[] = [input.Key?.pk, input.ExpressionAttributeValues?.[":pk"]];
  for (const request of Object.values<any>(input.RequestItems ?? {})) {
    for (const key of request.Keys ?? []) partitions.push(key.pk);
  }
  return partitions.flatMap(kindsOfPartition);
}

/** Commands billed as writes (a transaction's units are write units, even its condition checks). */
const WRITE_COMMANDS = /^(Put|Update|Delete|BatchWrite|TransactWrite)/;

/** Adds the meter to `doc` (its middleware stack is the client's, shared by every command). */
export function meterCapacity(doc: DynamoDBDocumentClient): CapacityMeter {
  const meter: CapacityMeter = {
    calls: 0,
    capacityUnits: 0,
    readUnits: 0,
    writeUnits: 0,
    kinds: new Set(),
    reset() {
      meter.calls = 0;
      meter.capacityUnits = 0;
      meter.readUnits = 0;
      meter.writeUnits = 0;
      meter.kinds.clear();
    },
  };
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const writes = WRITE_COMMANDS.test(String((context as { commandName?: string }).commandName ?? ""));
      const input = args.input as Record<string, any>;
      input.ReturnConsumedCapacity = "TOTAL";
      meter.calls++;
      for (const kind of kindsOf(input)) meter.kinds.add(kind);
      const result = await next(args);
      // A transaction sent where AWS gets a batch (DYNAMODB_BULK_WRITES) is billed as that batch: a
      // unit per KB a put, one a delete. DynamoDB Local reports 8 units for any transaction anyway.
      if (standsInForBatch(input)) {
        const units = (input.TransactItems as { Put?: { Item: object } }[]).reduce((sum, action) => sum + (action.Put ? Math.ceil(approximateSize(action.Put.Item) / 1024) : 1), 0);
        meter.capacityUnits += units;
        meter.writeUnits += units;
        return result;
      }
      const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
        meter.capacityUnits += entry.CapacityUnits ?? 0;
        if (writes) meter.writeUnits += entry.CapacityUnits ?? 0;
        else meter.readUnits += entry.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: "initialize", name: "benchCapacityMeter" },
  );
  return meter;
}
