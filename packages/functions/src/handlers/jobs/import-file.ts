import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { S3Event } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { importFile, importTargetOf } from "#services/imports/files";
import { observedHandler } from "../../observability/handler.js";
import { tracedClient } from "../../observability/tracing.js";

export type ObjectReader = (bucket: string, key: string) => Promise<Uint8Array>;

const s3 = tracedClient(new S3Client({}));

const readFromS3: ObjectReader = async (bucket, key) => {
  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
};

/** S3 event keys are URL-encoded, with + for a space. */
const objectKey = (encoded: string): string => decodeURIComponent(encoded.replace(/\+/g, " "));

/** The import bucket's notification target: each CSV dropped there is imported and recorded. */
export function importFileHandler(read: ObjectReader) {
  return async (event: S3Event): Promise<{ imported: string[] }> => {
    const imported: string[] = [];
    for (const record of event.Records ?? []) {
      const key = objectKey(record.s3.object.key);
      if (!importTargetOf(key)) {
        logger.warn("Object in the import bucket names no import; ignored", { key });
        continue;
      }
      const result = await importFile(table(), { key, size: record.s3.object.size, read: () => read(record.s3.bucket.name, key) });
      logger.info("File import", { key, kind: result.kind, rows: result.rows, added: result.added, changed: result.changed, removed: result.removed, error: result.error });
      imported.push(result.id);
    }
    return { imported };
  };
}

export const handler = observedHandler(importFileHandler(readFromS3));
