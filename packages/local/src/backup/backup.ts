import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { dirname } from "node:path";
import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { headerLine, itemLine, trailerLine } from "./format.js";

export interface BackupOptions {
  /** Where the items are read from, as the header records it ("http://127.0.0.1:8000"). */
  source: string;
  /** Parallel scan segments: the engine answers several at once. */
  segments?: number;
  /** Called after each page with the items written so far. */
  onProgress?: (items: number) => void;
}

export interface BackupSummary {
  items: number;
  bytes: number;
  sha256: string;
}

export const DEFAULT_SEGMENTS = 4;

/**
 * Backups and restores wait on the engine longer than a load: a DynamoDB Local Scan page costs
 * more the larger the table, and at 100,000 records on a busy machine one page took over 30 s.
 */
export const BULK_TIME_BUDGET = { callMs: 600_000, attemptMs: 300_000 };

/**
 * Writes every item of the table to `file` (format.ts), read by a parallel Scan with consistent
 * reads. The file appears under its name only once it is whole: a backup that fails leaves none.
 * Writes made while it runs may or may not be in it; stop the service for an exact copy.
 */
export async function backupTable(doc: DynamoDBDocumentClient, table: string, file: string, options: BackupOptions): Promise<BackupSummary> {
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  const out = createWriteStream(partial, { flags: "w", mode: 0o600 });
  const fileHash = createHash("sha256");
  let bytes = 0;
  let items = 0;
  const write = async (text: string): Promise<void> => {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  const failed = new Promise<never>((_, reject) => out.once("error", reject));
  failed.catch(() => undefined);

  try {
    const header = `${headerLine({ table, source: options.source, created_at: new Date().toISOString() })}\n`;
    fileHash.update(header);
    await write(header);
    const segments = Math.max(1, options.segments ?? DEFAULT_SEGMENTS);
    const scanSegment = async (segment: number): Promise<void> => {
      let startKey: Record<string, AttributeValue> | undefined;
      do {
        const page = await doc.send(
          new ScanCommand({ TableName: table, Segment: segment, TotalSegments: segments, ConsistentRead: true, ExclusiveStartKey: startKey }),
        );
        const lines = (page.Items ?? []).map((item) => `${itemLine(item)}\n`).join("");
        // One page's lines are hashed and queued together, so segments never interleave inside a line.
        fileHash.update(lines);
        items += page.Items?.length ?? 0;
        await write(lines);
        options.onProgress?.(items);
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    };
    await Promise.race([Promise.all(Array.from({ length: segments }, (_, segment) => scanSegment(segment))), failed]);
    const sha256 = fileHash.digest("hex");
    await write(`${trailerLine(items, sha256)}\n`);
    out.end();
    await Promise.race([once(out, "finish"), failed]);
    await rename(partial, file);
    return { items, bytes, sha256 };
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}
