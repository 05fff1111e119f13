/**
 * The backup file: JSON Lines. A header line names the format and the table it came from; then one
 * line per item, `{"sha256": …, "item": …}`, the item in DynamoDB JSON (binary values in base64, as
 * DynamoDB's own exports write them) and its checksum; then a trailer with the item count and the
 * checksum of every line before it. A file cut short, edited or reordered is refused before
 * anything is written.
 */
import { createHash, type Hash } from "node:crypto";
import type { AttributeValue } from "@aws-sdk/client-dynamodb";
import { TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";

export const BACKUP_FORMAT = "fulfillment-table-backup";
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The table the items were read from, and where. */
  table: string;
  source: string;
  created_at: string;
}

export interface BackupTrailer {
  end: true;
  items: number;
  /** sha256 of the header and item lines, each with its newline. */
  sha256: string;
}

/** An attribute value as a line holds it: JSON only. */
export type FileAttribute =
  | { S: string }
  | { N: string }
  | { B: string }
  | { BOOL: boolean }
  | { NULL: true }
  | { SS: string[] }
  | { NS: string[] }
  | { BS: string[] }
  | { L: FileAttribute[] }
  | { M: FileItem };
export type FileItem = { [name: string]: FileAttribute };

/** A line that is not what the format says, by its 1-based number. */
export class BackupFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "BackupFileError";
  }
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
const bytesOf = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, "base64"));

function toFile(value: AttributeValue): FileAttribute {
  if (value.B !== undefined) return { B: base64(value.B) };
  if (value.BS !== undefined) return { BS: value.BS.map(base64) };
  if (value.L !== undefined) return { L: value.L.map(toFile) };
  if (value.M !== undefined) return { M: itemToFile(value.M) };
  return value as FileAttribute;
}

export const itemToFile = (item: Record<string, AttributeValue>): FileItem =>
  Object.fromEntries(Object.entries(item).map(([name, value]) => [name, toFile(value)]));

const TYPES = new Set(["S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M"]);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === "string");

/** The SDK's attribute value of a line's; a value of no DynamoDB type throws, naming its path. */
function fromFile(value: unknown, path: string): AttributeValue {
  const entries = value !== null && typeof value === "object" && !Array.isArray(value) ? Object.entries(value) : [];
  const [type, inner] = entries[0] ?? [];
  if (entries.length !== 1 || !TYPES.has(type!)) throw new Error(`${path} is not a DynamoDB attribute value`);
  const bad = (): never => {
    throw new Error(`${path}: ${type} holds the wrong kind of value`);
  };
  switch (type) {
    case "S":
    case "N":
      return typeof inner === "string" ? (({ [type]: inner }) as unknown as AttributeValue) : bad();
    case "B":
      return typeof inner === "string" ? { B: bytesOf(inner) } : bad();
    case "BOOL":
      return typeof inner === "boolean" ? { BOOL: inner } : bad();
    case "NULL":
      return inner === true ? { NULL: true } : bad();
    case "SS":
    case "NS":
      return isStringArray(inner) ? (({ [type]: inner }) as unknown as AttributeValue) : bad();
    case "BS":
      return isStringArray(inner) ? { BS: inner.map(bytesOf) } : bad();
    case "L":
      return Array.isArray(inner) ? { L: inner.map((v, i) => fromFile(v, `${path}[${i}]`)) } : bad();
    default:
      return inner !== null && typeof inner === "object" && !Array.isArray(inner) ? { M: itemFromFile(inner, path) } : bad();
  }
}

function itemFromFile(item: object, path = "item"): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(item).map(([name, value]) => [name, fromFile(value, `${path}.${name}`)]));
}

/** JSON with every object's keys in order: the same item always has the same text, so the same checksum. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

export const headerLine = (header: Omit<BackupHeader, "format" | "version">): string =>
  JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION, ...header });

export function itemLine(item: Record<string, AttributeValue>): string {
  const text = canonicalJson(itemToFile(item));
  return `{"sha256":"${sha256(text)}","item":${text}}`;
}

export const trailerLine = (items: number, fileHash: string): string => JSON.stringify({ end: true, items, sha256: fileHash });

const parseLine = (text: string, number: number): Record<string, unknown> => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BackupFileError(number, "not JSON (the file is damaged or cut short)");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw new BackupFileError(number, "not a JSON object");
  return value as Record<string, unknown>;
};

/**
 * Reads a backup file line by line, checking as it goes: the header, every item's checksum and
 * keys, then the trailer's count and whole-file checksum. `onItem` sees each item once its line
 * is checked; the file is whole only when `finish` returns without throwing.
 */
export class BackupReader {
  private readonly hash: Hash = createHash("sha256");
  private lines = 0;
  private items = 0;
  private trailer: BackupTrailer | undefined;
  header: BackupHeader | undefined;
  /** The checked checksum of the item `next` returned last. */
  checksum = "";

  /** The next line, without its newline; returns its item, if it holds one. */
  next(text: string): Record<string, AttributeValue> | undefined {
    const number = ++this.lines;
    if (this.trailer) throw new BackupFileError(number, "text after the trailer");
    const line = parseLine(text, number);
    if (number === 1) {
      if (line.format !== BACKUP_FORMAT) throw new BackupFileError(1, `not a backup of this service (no "format": "${BACKUP_FORMAT}" header)`);
      if (line.version !== BACKUP_VERSION) throw new BackupFileError(1, `backup format version ${String(line.version)}; this version reads ${BACKUP_VERSION}`);
      this.header = line as unknown as BackupHeader;
      this.hash.update(`${text}\n`);
      return undefined;
    }
    if (line.end === true) {
      this.trailer = line as unknown as BackupTrailer;
      const whole = this.hash.digest("hex");
      if (this.trailer.items !== this.items) throw new BackupFileError(number, `the trailer counts ${String(this.trailer.items)} items, the file holds ${this.items}`);
      if (this.trailer.sha256 !== whole) throw new BackupFileError(number, "the file's checksum does not match its lines (a line was changed, added or removed)");
      return undefined;
    }
    if (typeof line.sha256 !== "string" || line.item === null || typeof line.item !== "object") throw new BackupFileError(number, "neither an item line nor the trailer");
    if (sha256(canonicalJson(line.item)) !== line.sha256) throw new BackupFileError(number, "the item does not match its checksum");
    let item: Record<string, AttributeValue>;
    try {
      item = itemFromFile(line.item);
    } catch (error) {
      throw new BackupFileError(number, (error as Error).message);
    }
    for (const key of [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey]) {
      if (item[key]?.S === undefined) throw new BackupFileError(number, `the item has no string key "${key}"`);
    }
    this.hash.update(`${text}\n`);
    this.items++;
    this.checksum = line.sha256;
    return item;
  }

  /** The item count of a whole file; a file without its trailer (cut short) throws. */
  finish(): number {
    if (this.lines === 0) throw new BackupFileError(1, "the file is empty");
    if (!this.trailer) throw new BackupFileError(this.lines, "the file ends without its trailer (cut short)");
    return this.items;
  }
}
