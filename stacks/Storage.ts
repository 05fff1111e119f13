import { RemovalPolicy } from "aws-cdk-lib";
import { Table, type StackContext } from "sst/constructs";
import { TABLE_SCHEMA } from "#storage/keys";
import { isDevelopmentStage } from "./deploy-settings.js";

/** The service's single DynamoDB table, shaped by TABLE_SCHEMA. */
export function Storage({ stack }: StackContext) {
  const keepData = !isDevelopmentStage(stack.stage);
  const indexes = Object.entries(TABLE_SCHEMA.indexes);
  const keyAttributes = [
    TABLE_SCHEMA.partitionKey,
    TABLE_SCHEMA.sortKey,
    ...indexes.flatMap(([, index]) => [index.partitionKey, index.sortKey]),
  ];

  const table = new Table(stack, "Table", {
    fields: Object.fromEntries(keyAttributes.map((name) => [name, "string" as const])),
    primaryIndex: { partitionKey: TABLE_SCHEMA.partitionKey, sortKey: TABLE_SCHEMA.sortKey },
    globalIndexes: Object.fromEntries(
      indexes.map(([name, index]) => [name, { partitionKey: index.partitionKey, sortKey: index.sortKey }]),
    ),
    timeToLiveAttribute: TABLE_SCHEMA.ttlAttribute,
    cdk: {
      table: {
        // The construct's default uses the deprecated boolean; CDK rejects both at once.
        pointInTimeRecovery: undefined,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        deletionProtection: keepData,
        removalPolicy: keepData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      },
    },
  });

  stack.addOutputs({ TableName: table.tableName });
  return { table };
}
