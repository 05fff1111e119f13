import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { engineArgs, freePort, startDynamoDbLocal, type RunningEngine } from "./dynamodb-local.js";

/** DYNAMODB_JVM_OPTIONS: more options for the embedded engine's Java VM, before its jar. */

const commandLine = (pid: number): string[] => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);

let engine: RunningEngine | undefined;
afterEach(async () => {
  await engine?.stop();
  engine = undefined;
});

describe("the engine's Java VM options", () => {
  it("come from DYNAMODB_JVM_OPTIONS unless given, and go before the jar, after the heap bound", () => {
    const saved = process.env.DYNAMODB_JVM_OPTIONS;
    try {
      process.env.DYNAMODB_JVM_OPTIONS = "-XX:+UseSerialGC";
      const fromEnv = engineArgs({ port: 8000, dataDir: "memory" });
      const given = engineArgs({ port: 8000, dataDir: "memory", jvmOptions: ["-XX:TieredStopAtLevel=1"] });

      expect(fromEnv.slice(0, 2)).toEqual(["-Xmx512m", "-XX:+UseSerialGC"]);
      expect(given.slice(0, 2)).toEqual(["-Xmx512m", "-XX:TieredStopAtLevel=1"]);
      expect(given).not.toContain("-XX:+UseSerialGC");
      expect(given.indexOf("-XX:TieredStopAtLevel=1")).toBeLessThan(given.indexOf("-jar"));
    } finally {
      if (saved === undefined) delete process.env.DYNAMODB_JVM_OPTIONS;
      else process.env.DYNAMODB_JVM_OPTIONS = saved;
    }
  });

  it("reach the engine's process, which starts and answers with them", async () => {
    // Act
    engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", jvmOptions: ["-XX:TieredStopAtLevel=1", "-Dfulfillment.test=jvm-options"] });
    const answer = await fetch(engine.endpoint, { method: "POST" });
    await answer.body?.cancel();

    // Assess: any HTTP answer means it listens
    expect(answer.status).toBe(400);
    const line = commandLine(engine.pid);
    expect(line).toEqual(expect.arrayContaining(["-XX:TieredStopAtLevel=1", "-Dfulfillment.test=jvm-options"]));
    expect(line.indexOf("-Dfulfillment.test=jvm-options")).toBeLessThan(line.indexOf("-jar"));
  });
});
