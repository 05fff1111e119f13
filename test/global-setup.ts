import { newAccessKey } from "@fulfillment/local/engine/access-key";
import { startDynamoDbLocal, freePort, type RunningEngine } from "@fulfillment/local/engine/dynamodb-local";

let engine: RunningEngine | undefined;

/**
 * One in-memory DynamoDB Local for the whole run, reached as `npm start` reaches its own: with a
 * fresh random access key (the engine keeps one database per key). Test files find both in
 * DYNAMODB_ENDPOINT and DYNAMODB_ACCESS_KEY.
 */
export async function setup(): Promise<void> {
  if (process.env.TEST_DYNAMODB_ENDPOINT) {
    process.env.DYNAMODB_ENDPOINT = process.env.TEST_DYNAMODB_ENDPOINT;
    if (process.env.TEST_DYNAMODB_ACCESS_KEY) process.env.DYNAMODB_ACCESS_KEY = process.env.TEST_DYNAMODB_ACCESS_KEY;
    return;
  }
  engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory" });
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
}

export async function teardown(): Promise<void> {
  await engine?.stop();
}
