import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { processInfo } from "./processes.js";

/**
 * The record of the engine `npm start` runs: in the data folder, or for an in-memory engine in
 * the temporary folder under its port. It outlives a killed `npm start`, so the next one can tell
 * its own leftover engine from a foreign process.
 */
export interface EngineRecord {
  pid: number;
  port: number;
  service_pid: number;
  /** The folder of the engine's files, or "memory". */
  data_dir: string;
  started_at: string;
}

export const PID_FILE = "dynamodb-local.pid";

export function pidFilePath(dataDir: string, port: number): string {
  return dataDir === "memory" ? join(tmpdir(), `fulfillment-dynamodb-local-${port}.pid`) : join(resolve(dataDir), PID_FILE);
}

/**
 * A system property on the engine's command line naming what it serves; Java ignores it, and it
 * lets a later start recognise the engine whatever its process id has become.
 */
export function engineMarker(dataDir: string, port: number): string {
  return `-Dfulfillment.engine=${dataDir === "memory" ? `memory:${port}` : resolve(dataDir)}`;
}

export function writeEngineRecord(file: string, record: EngineRecord): void {
  writeFileSync(file, `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

export function readEngineRecord(file: string): EngineRecord | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const record = JSON.parse(readFileSync(file, "utf8")) as EngineRecord;
    return Number.isInteger(record.pid) && Number.isInteger(record.service_pid) ? record : undefined;
  } catch {
    return undefined;
  }
}

export function removeEngineRecord(file: string): void {
  rmSync(file, { force: true });
}

/**
 * What a recorded engine is now:
 * - `gone`: not running (or its pid now belongs to another program): the record is stale;
 * - `in-use`: running under the live `npm start` that started it;
 * - `leftover`: running, but the `npm start` that started it is gone (killed, crashed).
 */
export type RecordedEngine = { state: "gone" } | { state: "in-use"; servicePid: number } | { state: "leftover"; pid: number };

export function inspectRecordedEngine(record: EngineRecord | undefined, marker: string): RecordedEngine {
  if (!record) return { state: "gone" };
  const engine = processInfo(record.pid);
  if (!engine || !engine.commandLine.includes("DynamoDBLocal.jar") || !engine.commandLine.includes(marker)) return { state: "gone" };
  // An engine stays the child of the `npm start` that spawned it until that process dies.
  if (engine.parentPid === record.service_pid && processInfo(record.service_pid)) return { state: "in-use", servicePid: record.service_pid };
  return { state: "leftover", pid: record.pid };
}
