import { chmodSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scratchFolders } from "#test/scratch";
import {
  accessKeyPath,
  createMemoryAccessKey,
  dataDirAccessKey,
  endpointAccessKey,
  memoryAccessKeyPath,
  readAccessKey,
  readMemoryAccessKey,
  removeMemoryAccessKey,
  runtimeDir,
} from "./access-key.js";

const scratch = scratchFolders("access-key-");

describe("the data folder's access key", () => {
  it("is created once, unguessable, readable by its owner only, and the same on every later start", () => {
    // Prepare
    const dir = scratch();

    // Act
    const first = dataDirAccessKey(dir, "us-east-1");
    const again = dataDirAccessKey(dir, "us-east-1");
    const other = dataDirAccessKey(scratch(), "us-east-1");

    // Assess
    expect(first).toMatch(/^[a-f0-9]{32}$/);
    expect(again).toBe(first);
    expect(other).not.toBe(first);
    expect(statSync(accessKeyPath(dir)).mode & 0o777).toBe(0o600);
    expect(readAccessKey(dir)).toBe(first);
  });

  it("tightens a key file left readable by others back to 0600", () => {
    const dir = scratch();
    const key = dataDirAccessKey(dir, "us-east-1");
    chmodSync(accessKeyPath(dir), 0o644);

    expect(dataDirAccessKey(dir, "us-east-1")).toBe(key);
    expect(statSync(accessKeyPath(dir)).mode & 0o777).toBe(0o600);
  });

  it("keeps the data of an engine that ran with -sharedDb: its database becomes the new key's", () => {
    const dir = scratch();
    writeFileSync(join(dir, "shared-local-instance.db"), "sqlite");

    const key = dataDirAccessKey(dir, "sa-east-1");

    expect(readdirSync(dir).sort()).toEqual([`${key}_sa-east-1.db`, "dynamodb-access-key"].sort());
  });

  it("refuses a key file that holds something else, rather than guessing", () => {
    const dir = scratch();
    writeFileSync(accessKeyPath(dir), "not a key!\n", { mode: 0o600 });

    expect(() => readAccessKey(dir)).toThrow(/does not hold an access key/);
  });
});

describe("the key presented to DYNAMODB_ENDPOINT", () => {
  it("is DYNAMODB_ACCESS_KEY, else the data folder's key, else DynamoDB Local's customary 'local'", () => {
    const withKey = scratch();
    const key = dataDirAccessKey(withKey, "us-east-1");

    expect(endpointAccessKey("Explicit123", withKey)).toBe("Explicit123");
    expect(endpointAccessKey(undefined, withKey)).toBe(key);
    expect(endpointAccessKey(undefined, scratch())).toBe("local");
    expect(endpointAccessKey(undefined, "memory")).toBe("local");
  });
});

describe("an in-memory engine's key", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("lives in the user's runtime folder (else the temporary folder) under the engine's port, owner-only, new for each start, until removed", () => {
    // Prepare
    const runtime = scratch();
    vi.stubEnv("XDG_RUNTIME_DIR", runtime);

    // Act
    const first = createMemoryAccessKey(8123);
    const second = createMemoryAccessKey(8123);

    // Assess
    expect(memoryAccessKeyPath(8123)).toBe(join(runtime, "fulfillment-dynamodb-local-8123.key"));
    expect(second).toMatch(/^[a-f0-9]{32}$/);
    expect(second).not.toBe(first);
    expect(statSync(memoryAccessKeyPath(8123)).mode & 0o777).toBe(0o600);
    expect(readMemoryAccessKey(8123)).toBe(second);
    expect(readMemoryAccessKey(8124)).toBeUndefined();
    removeMemoryAccessKey(8123);
    expect(readMemoryAccessKey(8123)).toBeUndefined();
    expect(runtimeDir({})).toBe(tmpdir());
    expect(runtimeDir({ XDG_RUNTIME_DIR: "relative/dir" })).toBe(tmpdir());
  });

  it("is not read from a file others could read or write, nor through a link", () => {
    const runtime = scratch();
    vi.stubEnv("XDG_RUNTIME_DIR", runtime);
    createMemoryAccessKey(8125);
    chmodSync(memoryAccessKeyPath(8125), 0o644);
    const elsewhere = join(scratch(), "key");
    writeFileSync(elsewhere, "a".repeat(32), { mode: 0o600 });
    symlinkSync(elsewhere, memoryAccessKeyPath(8126));

    expect(() => readMemoryAccessKey(8125)).toThrow(/readable by its owner only/);
    expect(() => readMemoryAccessKey(8126)).toThrow(/readable by its owner only/);
  });
});
