import { afterEach, describe, expect, it, vi } from "vitest";
import { scratchFolders } from "#test/scratch";
import { dataDirAccessKey } from "../engine/access-key.js";
import { freePort } from "../engine/dynamodb-local.js";
import { stageTableName } from "@fulfillment/stacks/names";
import { LoadUsageError, loadTarget, parseLoadArgs, targetClient } from "./load-target.js";
import { describeLoadFailure } from "./load-failure.js";

/** Option parsing and the choice of table and client, checked without AWS (no request is sent). */

const scratch = scratchFolders("load-target-");

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("npm run load arguments", () => {
  it("takes a file, optionally a stage (--stage x or --stage=x)", () => {
    expect(parseLoadArgs(["data.json"])).toEqual({ file: "data.json", stage: undefined });
    expect(parseLoadArgs(["--stage", "prod", "data.json"])).toEqual({ file: "data.json", stage: "prod" });
    expect(parseLoadArgs(["data.json", "--stage=dev-ana"])).toEqual({ file: "data.json", stage: "dev-ana" });
  });

  it("refuses a missing or second file, an unknown option, a stage without a name", () => {
    expect(() => parseLoadArgs([])).toThrow(LoadUsageError);
    expect(() => parseLoadArgs(["a.json", "b.json"])).toThrow(/one dataset file/);
    expect(() => parseLoadArgs(["--table", "x", "a.json"])).toThrow(/Unknown option '--table'/);
    expect(() => parseLoadArgs(["a.json", "--stage"])).toThrow(LoadUsageError);
    expect(() => parseLoadArgs(["--stage", "../prod", "a.json"])).toThrow(/not a stage name/);
  });
});

describe("where a load writes", () => {
  it("--stage: the stage's table in AWS", () => {
    expect(loadTarget({ file: "f", stage: "prod" }, { AWS_REGION: "sa-east-1" })).toEqual({
      kind: "aws",
      table: "prod-fulfillment-Table",
      region: "sa-east-1",
    });
    expect(stageTableName("dev")).toBe("dev-fulfillment-Table");
  });

  it("--stage refuses a DYNAMODB_ENDPOINT or a different TABLE_NAME instead of guessing which was meant", () => {
    expect(() => loadTarget({ file: "f", stage: "prod" }, { DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" })).toThrow(/unset one of them/);
    expect(() => loadTarget({ file: "f", stage: "prod" }, { TABLE_NAME: "other" })).toThrow(/TABLE_NAME says other/);
    expect(loadTarget({ file: "f", stage: "prod" }, { TABLE_NAME: "prod-fulfillment-Table" })).toMatchObject({ kind: "aws" });
  });

  it("TABLE_NAME without DYNAMODB_ENDPOINT: that table on the local engine, never AWS", () => {
    const dir = scratch();
    const key = dataDirAccessKey(dir, "us-east-1");
    expect(loadTarget({ file: "f", stage: undefined }, { TABLE_NAME: "my-table", DATA_DIR: dir, DYNAMODB_PORT: "8124" })).toEqual({
      kind: "local",
      table: "my-table",
      endpoint: "http://127.0.0.1:8124",
      accessKeyId: key,
      bulkWrites: "transactions",
    });
    expect(loadTarget({ file: "f", stage: undefined }, { TABLE_NAME: "my-table", DYNAMODB_ACCESS_KEY: "Mine1234" })).toEqual({
      kind: "local",
      table: "my-table",
      endpoint: "http://127.0.0.1:8000",
      accessKeyId: "Mine1234",
      bulkWrites: "transactions",
    });
  });

  it("nothing set: the engine npm start runs on DYNAMODB_PORT, with the key kept in DATA_DIR", () => {
    const dir = scratch();
    const key = dataDirAccessKey(dir, "us-east-1");
    expect(loadTarget({ file: "f", stage: undefined }, { DATA_DIR: dir, DYNAMODB_PORT: "8123" })).toEqual({
      kind: "local",
      table: "fulfillment-local",
      endpoint: "http://127.0.0.1:8123",
      accessKeyId: key,
      bulkWrites: "transactions",
    });
    // As npm start writes to that engine: an in-memory one takes batches, as AWS does.
    expect(loadTarget({ file: "f", stage: undefined }, { DATA_DIR: "memory", DYNAMODB_ACCESS_KEY: "Mine1234" })).toMatchObject({ bulkWrites: "batches" });
  });

  it("no engine key anywhere (no data folder key, no in-memory engine on the port): says how to get one, rather than writing where nobody reads", async () => {
    const port = await freePort();
    expect(() => loadTarget({ file: "f", stage: undefined }, { DATA_DIR: scratch(), DYNAMODB_PORT: String(port) })).toThrow(
      /no in-memory engine runs on DYNAMODB_PORT \d+ and .*dynamodb-access-key does not exist\. Start the engine with npm start/,
    );
    expect(() => loadTarget({ file: "f", stage: undefined }, { DATA_DIR: "memory", DYNAMODB_PORT: String(port) })).toThrow(
      `No in-memory engine runs on DYNAMODB_PORT ${port}: start one with DATA_DIR=memory npm start`,
    );
  });

  it("DYNAMODB_ENDPOINT: that engine, with DYNAMODB_ACCESS_KEY, else the data folder's key, else 'local'", () => {
    const dir = scratch();
    const key = dataDirAccessKey(dir, "us-east-1");
    const endpoint = "http://127.0.0.1:9000";
    expect(loadTarget({ file: "f", stage: undefined }, { DYNAMODB_ENDPOINT: endpoint, DYNAMODB_ACCESS_KEY: "Mine1234" })).toMatchObject({
      kind: "local",
      endpoint,
      accessKeyId: "Mine1234",
    });
    expect(loadTarget({ file: "f", stage: undefined }, { DYNAMODB_ENDPOINT: endpoint, DATA_DIR: dir, TABLE_NAME: "t1" })).toEqual({
      kind: "local",
      table: "t1",
      endpoint,
      accessKeyId: key,
      bulkWrites: "batches",
    });
    expect(loadTarget({ file: "f", stage: undefined }, { DYNAMODB_ENDPOINT: endpoint, DATA_DIR: scratch() })).toMatchObject({
      accessKeyId: "local",
    });
  });
});

describe("the client a load uses", () => {
  it("AWS: the default credential chain and AWS's own endpoint, even with DYNAMODB_ENDPOINT in the environment", async () => {
    // Prepare: the default chain finds these in the environment; a local endpoint is set too.
    vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIADEFAULTCHAIN");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "secret-of-the-chain");
    vi.stubEnv("DYNAMODB_ENDPOINT", "http://127.0.0.1:9");

    // Act
    const client = targetClient({ kind: "aws", table: "prod-fulfillment-Table", region: "us-east-1" });

    // Assess
    expect(client.config.isCustomEndpoint).toBe(false);
    expect((await client.config.credentials()).accessKeyId).toBe("AKIADEFAULTCHAIN");
  });

  it("local: the engine's endpoint and its key, never the AWS credentials of the environment", async () => {
    vi.stubEnv("AWS_ACCESS_KEY_ID", "AKIADEFAULTCHAIN");
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", "secret-of-the-chain");

    const client = targetClient({ kind: "local", table: "t", endpoint: "http://127.0.0.1:8123", accessKeyId: "EngineKey123", bulkWrites: "batches" });

    expect(client.config.isCustomEndpoint).toBe(true);
    expect(await client.config.endpoint!()).toMatchObject({ hostname: "127.0.0.1", port: 8123 });
    expect((await client.config.credentials()).accessKeyId).toBe("EngineKey123");
  });
});

describe("load failures", () => {
  const local = { kind: "local", table: "t", endpoint: "http://127.0.0.1:8123", accessKeyId: "k", bulkWrites: "batches" } as const;
  const aws = { kind: "aws", table: "prod-fulfillment-Table", region: "us-east-1" } as const;
  const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8123"), { code: "ECONNREFUSED" });

  it("say what to do, not what the SDK threw", () => {
    expect(describeLoadFailure(refused, local)).toMatch(/^No DynamoDB engine answers at http:\/\/127\.0\.0\.1:8123\. Start one with `npm start`/);
    expect(describeLoadFailure(Object.assign(new Error("Could not load credentials from any providers"), { name: "CredentialsProviderError" }), aws)).toMatch(
      /^No AWS credentials: the default credential chain/,
    );
    expect(describeLoadFailure(Object.assign(new Error("Requested resource not found"), { name: "ResourceNotFoundException" }), aws, "prod")).toBe(
      "Table prod-fulfillment-Table does not exist in us-east-1: deploy the stage first (npx sst deploy --stage prod), or set AWS_REGION to the region it was deployed to.",
    );
  });
});
