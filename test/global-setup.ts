import { startDynamoDbLocal, freePort, type RunningEngine } from "../packages/local/src/engine/dynamodb-local.js";

let engine: RunningEngine | undefined;

/** One in-memory DynamoDB Local for the whole run; test files reach it through DYNAMODB_ENDPOINT. */
export async function setup(): Promise<void> {
  if (process.env.TEST_DYNAMODB_ENDPOINT) {
    process.env.DYNAMODB_ENDPOINT = process.env.TEST_DYNAMODB_ENDPOINT;
    return;
  }
  engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory" });
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
}

export async function teardown(): Promise<void> {
  await engine?.stop();
}
