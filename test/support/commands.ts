import { createDocumentClient, type TableRef } from "#storage/client";
import { localEndpoint, TEST_TIME_BUDGET } from "#test/table";

/** One call a handler made: the command, the partitions it named, and how many items came back. */
export interface RecordedCommand {
  command: string;
  /** Partition key values of the key, key condition or batch keys; index queries name the index partition. */
  partitions: string[];
  index?: string;
  items: number;
}

type Input = Record<string, any>;

function partitionsOf(input: Input): string[] {
  const partitions: unknown[] = [input.Key?.pk, input.ExpressionAttributeValues?.[":pk"]];
  for (const request of Object.values<any>(input.RequestItems ?? {})) {
    for (const key of request.Keys ?? []) partitions.push(key.pk);
    for (const write of Array.isArray(request) ? request : []) partitions.push(write.PutRequest?.Item?.pk ?? write.DeleteRequest?.Key?.pk);
  }
  return partitions.filter((p): p is string => typeof p === "string");
}

/** A handle on the same table whose calls are recorded, for tests that pin which reads an answer costs. */
export function recordedTable(ref: TableRef): { ref: TableRef; commands: RecordedCommand[] } {
  const doc = createDocumentClient({ endpoint: localEndpoint(), budget: TEST_TIME_BUDGET });
  const commands: RecordedCommand[] = [];
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Input;
      const result = await next(args);
      const output = result.output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
      const items = output.Items?.length ?? (output.Item ? 1 : 0) + Object.values(output.Responses ?? {}).reduce((n, list) => n + list.length, 0);
      commands.push({ command: String(context.commandName), partitions: partitionsOf(input), index: input.IndexName, items });
      return result;
    },
    { step: "initialize", name: "recordCommands" },
  );
  return { ref: { doc, table: ref.table }, commands };
}
