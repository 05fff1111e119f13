/** The cold-start floor: a handler holding only the DynamoDB document client and one command. */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { Entities } from "@fulfillment/functions/storage/keys";

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (): Promise<unknown> =>
  (await doc.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: Entities.settings.key({ group: null, page: 0 }) }))).Item ?? null;
