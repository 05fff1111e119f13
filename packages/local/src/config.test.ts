import { describe, expect, it } from "vitest";
import { localConfig } from "./config.js";

describe("DYNAMODB_BULK_WRITES in npm start's configuration", () => {
  it("sends many-item writes as transactions to the embedded engine on disk, and as batches in memory or to another engine", () => {
    expect(localConfig({}).bulkWrites).toBe("transactions");
    expect(localConfig({ DATA_DIR: ".data-other" }).bulkWrites).toBe("transactions");
    expect(localConfig({ DATA_DIR: "memory" }).bulkWrites).toBe("batches");
    expect(localConfig({ DYNAMODB_ENDPOINT: "http://127.0.0.1:8000" }).bulkWrites).toBe("batches");
  });

  it("takes the variable when it is set, and refuses a value it does not know", () => {
    expect(localConfig({ DYNAMODB_BULK_WRITES: "batches" }).bulkWrites).toBe("batches");
    expect(localConfig({ DATA_DIR: "memory", DYNAMODB_BULK_WRITES: "transactions" }).bulkWrites).toBe("transactions");
    expect(() => localConfig({ DYNAMODB_BULK_WRITES: "quick" })).toThrow('DYNAMODB_BULK_WRITES is "quick": it must be "batches" or "transactions"');
  });
});

describe("DYNAMODB_JVM_OPTIONS in npm start's configuration", () => {
  it("passes none by default, and each option the variable lists", () => {
    expect(localConfig({}).dynamoJvmOptions).toEqual([]);
    expect(localConfig({ DYNAMODB_JVM_OPTIONS: " -XX:TieredStopAtLevel=1  -XX:+UseSerialGC " }).dynamoJvmOptions).toEqual(["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"]);
  });

  it("refuses a word that is not a Java VM option, naming it", () => {
    expect(() => localConfig({ DYNAMODB_JVM_OPTIONS: "-Xss1m TieredStopAtLevel=1" })).toThrow('DYNAMODB_JVM_OPTIONS holds "TieredStopAtLevel=1": each word must be a Java VM option starting with "-"');
    expect(() => localConfig({ DYNAMODB_JVM_OPTIONS: "-jar other.jar" })).toThrow('DYNAMODB_JVM_OPTIONS holds "-jar"');
  });
});
