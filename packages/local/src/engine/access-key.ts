import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";

/**
 * DynamoDB Local has no bind address: it answers on every interface. Started without `-sharedDb`
 * it keeps one database per access key and region, so an unguessable key per data folder is what
 * keeps another host (or a web page) away from the data: any other key sees an empty database.
 */
export const ACCESS_KEY_FILE = "dynamodb-access-key";

/** The database file DynamoDB Local kept with `-sharedDb`, before each data folder had its key. */
const SHARED_DATABASE_FILE = "shared-local-instance.db";

/** 128 random bits as letters and digits, the only characters DynamoDB Local 2 accepts in a key. */
export const newAccessKey = (): string => randomBytes(16).toString("hex");

export const accessKeyPath = (dataDir: string): string => join(resolve(dataDir), ACCESS_KEY_FILE);

function keyIn(file: string): string {
  const key = readFileSync(file, "utf8").trim();
  if (!/^[A-Za-z0-9]{16,128}$/.test(key)) throw new Error(`${file} does not hold an access key (16 to 128 letters and digits)`);
  return key;
}

/** The key kept in a data folder, or undefined when the folder has none yet. */
export function readAccessKey(dataDir: string): string | undefined {
  const file = accessKeyPath(dataDir);
  return existsSync(file) ? keyIn(file) : undefined;
}

/**
 * The data folder's key, created on first use. Readable by its owner only (0600), also when an
 * existing file was left more open. A database kept before keys existed (`-sharedDb`) becomes
 * the new key's database, so no data is left behind.
 */
export function dataDirAccessKey(dataDir: string, region: string): string {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const existing = readAccessKey(dir);
  const file = accessKeyPath(dir);
  if (existing) {
    if ((statSync(file).mode & 0o777) !== 0o600) chmodSync(file, 0o600);
    return existing;
  }
  const key = newAccessKey();
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  const shared = join(dir, SHARED_DATABASE_FILE);
  if (existsSync(shared)) renameSync(shared, join(dir, `${key}_${region}.db`));
  return key;
}

/**
 * The key for an engine someone else runs (DYNAMODB_ENDPOINT): DYNAMODB_ACCESS_KEY, else the data
 * folder's key when it has one (an engine `npm start` runs), else DynamoDB Local's customary "local".
 */
export function endpointAccessKey(explicit: string | undefined, dataDir: string): string {
  return explicit ?? (dataDir === "memory" ? undefined : readAccessKey(dataDir)) ?? "local";
}

/** The user's runtime folder (`XDG_RUNTIME_DIR`, private to the user) when there is one, else the temporary folder. */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.XDG_RUNTIME_DIR;
  return dir && isAbsolute(dir) && existsSync(dir) ? dir : tmpdir();
}

/** Where the key of the in-memory engine on `port` is kept while that engine runs. */
export const memoryAccessKeyPath = (port: number, env: NodeJS.ProcessEnv = process.env): string =>
  join(runtimeDir(env), `fulfillment-dynamodb-local-${port}.key`);

/**
 * A new key for an in-memory engine on `port`, kept (0600) where `npm run load` in another
 * terminal finds it. The file is always created anew: in a shared temporary folder, a file
 * another user left there cannot be removed, and the exclusive create refuses it (and any link).
 */
export function createMemoryAccessKey(port: number): string {
  const file = memoryAccessKeyPath(port);
  const key = newAccessKey();
  try {
    rmSync(file, { force: true });
    writeFileSync(file, `${key}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    throw new Error(`Cannot create the in-memory engine's key file ${file}: ${(error as Error).message}`);
  }
  return key;
}

/**
 * The key of the in-memory engine on `port`, or undefined when there is no key file. A file that
 * is not this user's own, owner-only, regular file is refused rather than used.
 */
export function readMemoryAccessKey(port: number): string | undefined {
  const file = memoryAccessKeyPath(port);
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(file);
  } catch {
    return undefined;
  }
  const ownUser = process.getuid === undefined || stat.uid === process.getuid();
  if (!stat.isFile() || !ownUser || (stat.mode & 0o077) !== 0) {
    throw new Error(`${file} is not a key file of this user, readable by its owner only: remove it and start the engine again`);
  }
  return keyIn(file);
}

export function removeMemoryAccessKey(port: number): void {
  rmSync(memoryAccessKeyPath(port), { force: true });
}
