import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { scratchFolders } from "#test/scratch";
import { engineMarker, inspectRecordedEngine, pidFilePath, readEngineRecord, writeEngineRecord, type EngineRecord } from "./pid-file.js";
import { processInfo, stopProcess } from "./processes.js";

const scratch = scratchFolders("pid-file-");

/**
 * Real processes stand in for engines: a Node process whose command line carries what an engine's
 * does (the jar's name and the data folder's marker).
 */
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) if (child.pid) await stopProcess(child.pid, 1_000);
});

function fakeEngine(marker: string): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "DynamoDBLocal.jar", marker], { stdio: "ignore" });
  children.push(child);
  return child.pid!;
}

/** A process id that no longer belongs to anything: a child that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid!;
}

const record = (pid: number, servicePid: number, dataDir: string): EngineRecord => ({
  pid,
  port: 8000,
  service_pid: servicePid,
  data_dir: dataDir,
  started_at: new Date().toISOString(),
});

describe("the engine record (pid file)", () => {
  it("lives in the data folder, or for an in-memory engine in the temporary folder under its port", () => {
    const dir = scratch();
    expect(pidFilePath(dir, 8000)).toBe(join(dir, "dynamodb-local.pid"));
    expect(pidFilePath("memory", 8123)).toBe(join(tmpdir(), "fulfillment-dynamodb-local-8123.pid"));
  });

  it("is read back as written", () => {
    const file = join(scratch(), "dynamodb-local.pid");
    writeEngineRecord(file, record(123, 456, "/data"));
    expect(readEngineRecord(file)).toMatchObject({ pid: 123, service_pid: 456, port: 8000, data_dir: "/data" });
  });

  it("tells an engine serving a live npm start from a leftover whose npm start died, and a stale record from both", async () => {
    // Prepare: this test process plays the live npm start (the engine is its child).
    const dir = scratch();
    const marker = engineMarker(dir, 8000);
    const engine = fakeEngine(marker);

    // Act / Assess
    expect(inspectRecordedEngine(record(engine, process.pid, dir), marker)).toEqual({ state: "in-use", servicePid: process.pid });
    expect(inspectRecordedEngine(record(engine, await deadPid(), dir), marker)).toEqual({ state: "leftover", pid: engine });
    expect(inspectRecordedEngine(record(await deadPid(), process.pid, dir), marker)).toEqual({ state: "gone" });
    expect(inspectRecordedEngine(undefined, marker)).toEqual({ state: "gone" });
  });

  it("does not take a process for its engine when the pid now belongs to another program or another data folder", async () => {
    const dir = scratch();
    const marker = engineMarker(dir, 8000);
    const otherFolder = fakeEngine(engineMarker(scratch(), 8000));

    expect(inspectRecordedEngine(record(otherFolder, await deadPid(), dir), marker)).toEqual({ state: "gone" });
    expect(inspectRecordedEngine(record(process.pid, await deadPid(), dir), marker)).toEqual({ state: "gone" });
  });

  it("stopProcess ends a process that ignores SIGTERM too", async () => {
    const child = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('ready')"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    children.push(child);
    await new Promise((resolve) => child.stdout!.once("data", resolve));

    await stopProcess(child.pid!, 300);

    expect(processInfo(child.pid!)).toBeUndefined();
  });
});
