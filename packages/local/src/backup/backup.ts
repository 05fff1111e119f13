import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { once } from "node:events";
import { dirname } from "node:path";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { headerLine, itemLine, trailerLine } from "./format.js";
import { scanTable, type ScanOptions } from "./scan.js";

export interface BackupOptions extends ScanOptions {
  /** Where the items are read from, as the header records it ("http://127.0.0.1:8000"). */
  source: string;
  /** Called after each page with the items written so far. */
  onProgress?: (items: number) => void;
}

export interface BackupSummary {
  items: number;
  bytes: number;
  sha256: string;
}

/**
 * Backups and restores wait on the engine longer than a load: on a busy machine a Scan page or a
 * write of a hundred items can wait seconds for its turn.
 */
export const BULK_TIME_BUDGET = { callMs: 600_000, attemptMs: 300_000 };

/**
 * Writes every item of the table to `file` (format.ts), read by a parallel Scan with consistent
 * reads (scan.ts). The file appears under its name only once it is whole: a backup that fails
 * leaves none. Writes made while it runs may or may not be in it; stop the service for an exact copy.
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
    const scanned = scanTable(
      doc,
      table,
      async (page) => {
        const lines = page.map((item) => `${itemLine(item)}\n`).join("");
        // One page's lines are hashed and queued together, so segments never interleave inside a line.
        fileHash.update(lines);
        items += page.length;
        await write(lines);
        options.onProgress?.(items);
      },
      options,
    );
    await Promise.race([scanned, failed]);
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
