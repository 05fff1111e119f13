import { createMemoryAccessKey, dataDirAccessKey, readMemoryAccessKey, removeMemoryAccessKey } from "./access-key.js";
import { startDynamoDbLocal, type EngineExit } from "./dynamodb-local.js";
import {
  engineMarker,
  inspectRecordedEngine,
  pidFilePath,
  readEngineRecord,
  removeEngineRecord,
  writeEngineRecord,
} from "./pid-file.js";
import { portAnswers } from "./ports.js";
import { stopProcess, waitUntil } from "./processes.js";

export interface LocalEngineOptions {
  port: number;
  /** A folder for the engine's files, or "memory". */
  dataDir: string;
  heapMb: number;
  /** More options for the engine's Java VM (DYNAMODB_JVM_OPTIONS). */
  jvmOptions?: readonly string[];
  /** The region clients sign with: with the key, it names the engine's database. */
  region: string;
  /** Receives what the start did besides starting (a leftover engine stopped). */
  log: (line: string) => void;
}

export interface LocalEngine {
  endpoint: string;
  pid: number;
  /** The key that reaches this data: kept in the data folder (0600), or new for each in-memory start (0600 in the runtime folder while it runs). */
  accessKeyId: string;
  exited: Promise<EngineExit>;
  stop(): Promise<void>;
}

const describeDataDir = (dataDir: string): string => (dataDir === "memory" ? "the in-memory engine" : `DATA_DIR ${dataDir}`);

/**
 * The engine `npm start` runs, recorded in a pid file. A recorded engine whose `npm start` died is
 * stopped; one still serving a live `npm start` is left alone and this start refused; anything
 * else on the port is foreign and refused too, so two services never share data.
 */
export async function startLocalEngine(options: LocalEngineOptions): Promise<LocalEngine> {
  const { port, dataDir } = options;
  const marker = engineMarker(dataDir, port);
  const pidFile = pidFilePath(dataDir, port);
  const recorded = inspectRecordedEngine(readEngineRecord(pidFile), marker);
  if (recorded.state === "in-use") {
    throw new Error(
      `${describeDataDir(dataDir)} is in use by another npm start (pid ${recorded.servicePid}): stop it first, or give this one its own DATA_DIR`,
    );
  }
  if (recorded.state === "leftover") {
    await stopProcess(recorded.pid);
    await waitUntil(async () => !(await portAnswers(port)), 10_000);
    options.log(`Stopped DynamoDB Local (pid ${recorded.pid}), left running by an earlier npm start that did not stop cleanly`);
  }
  removeEngineRecord(pidFile);
  if (await portAnswers(port)) {
    throw new Error(
      `DYNAMODB_PORT ${port} is in use by another process, not an engine this service started for ${describeDataDir(dataDir)}: ` +
        `stop it or set DYNAMODB_PORT to a free port (to use that engine on purpose, set DYNAMODB_ENDPOINT=http://127.0.0.1:${port})`,
    );
  }

  const memory = dataDir === "memory";
  const accessKeyId = memory ? createMemoryAccessKey(port) : dataDirAccessKey(dataDir, options.region);
  // What only lives as long as the engine: its record, and an in-memory engine's key.
  const forget = (): void => {
    removeEngineRecord(pidFile);
    if (memory) removeMemoryAccessKey(port);
  };
  const engine = await startDynamoDbLocal({
    port,
    dataDir,
    heapMb: options.heapMb,
    jvmOptions: options.jvmOptions,
    marker,
    onSpawn: (pid) =>
      writeEngineRecord(pidFile, { pid, port, service_pid: process.pid, data_dir: dataDir, started_at: new Date().toISOString() }),
  }).catch((error: unknown) => {
    forget();
    throw error;
  });
  void engine.exited.then(forget);
  const stop = async (): Promise<void> => {
    await engine.stop();
    forget();
  };
  return { endpoint: engine.endpoint, pid: engine.pid, accessKeyId, exited: engine.exited, stop };
}

/**
 * The key of the in-memory engine an `npm start` runs on `port`, or undefined when none runs
 * there (a key file whose engine is gone is not used).
 */
export function runningMemoryEngineKey(port: number): string | undefined {
  const engine = inspectRecordedEngine(readEngineRecord(pidFilePath("memory", port)), engineMarker("memory", port));
  return engine.state === "gone" ? undefined : readMemoryAccessKey(port);
}
