/**
 * A document client that counts what the handlers ask of DynamoDB: every command is sent with
 * ReturnConsumedCapacity TOTAL, and the meter sums the capacity, the calls and the record kinds
 * read (from the partition key prefixes of the keys and key conditions).
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export interface CapacityMeter {
  calls: number;
  capacityUnits: number;
  /** Record kinds named by the partition keys read, e.g. "INVENTORY", "ADS". */
  kinds: Set<string>;
  reset(): void;
}

interface Consumed {
  CapacityUnits?: number;
}

const prefixOf = (pk: unknown): string | undefined => (typeof pk === "string" ? pk.split("#")[0] : undefined);

/** Partition key prefixes a command's input reads. */
function kindsOf(input: Record<string, any>): string[] {
  const kinds: (string | undefined)[] = [];
  kinds.push(prefixOf(input.Key?.pk));
  kinds.push(prefixOf(input.ExpressionAttributeValues?.[":pk"]));
  for (const request of Object.values<any>(input.RequestItems ?? {})) {
    for (const key of request.Keys ?? []) kinds.push(prefixOf(key.pk));
  }
  return kinds.filter((kind): kind is string => kind !== undefined);
}

/** Adds the meter to `doc` (its middleware stack is the client's, shared by every command). */
export function meterCapacity(doc: DynamoDBDocumentClient): CapacityMeter {
  const meter: CapacityMeter = {
    calls: 0,
    capacityUnits: 0,
    kinds: new Set(),
    reset() {
      meter.calls = 0;
      meter.capacityUnits = 0;
      meter.kinds.clear();
    },
  };
  doc.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Record<string, any>;
      input.ReturnConsumedCapacity = "TOTAL";
      meter.calls++;
      for (const kind of kindsOf(input)) meter.kinds.add(kind);
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
      for (const entry of Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) {
        meter.capacityUnits += entry.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: "initialize", name: "benchCapacityMeter" },
  );
  return meter;
}
