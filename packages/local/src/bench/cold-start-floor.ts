/** The cold-start floor: a handler holding only the DynamoDB document client and one command. */
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (): Promise<unknown> =>
  (await doc.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: "SETTINGS", sk: "NOGROUP" } }))).Item ?? null;
