import {
  CreateTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
  type DynamoDBClient,
} from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { TABLE_SCHEMA } from "./keys.js";

/** Creates the single table with its index and TTL when it does not exist yet (local runs and tests). */
export async function ensureTable(doc: DynamoDBDocumentClient | DynamoDBClient, tableName: string): Promise<void> {
  const client = doc as DynamoDBClient;
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== "ResourceNotFoundException") throw error;
  }
  const attributes = new Set<string>([TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]);
  const indexes = Object.entries(TABLE_SCHEMA.indexes).map(([name, index]) => {
    attributes.add(index.partitionKey);
    attributes.add(index.sortKey);
    return {
      IndexName: name,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: "HASH" as const },
        { AttributeName: index.sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    };
  });
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [...attributes].map((name) => ({ AttributeName: name, AttributeType: "S" as const })),
        KeySchema: [
          { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: "HASH" },
          { AttributeName: TABLE_SCHEMA.sortKey, KeyType: "RANGE" },
        ],
        GlobalSecondaryIndexes: indexes,
      }),
    );
  } catch (error) {
    if ((error as Error).name !== "ResourceInUseException") throw error;
  }
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.ttlAttribute, Enabled: true },
    }),
  ).catch(() => undefined); // TTL already on, or not supported by the engine
}
