import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

type Item = Record<string, AttributeValue>;

export interface ScanOptions {
  /** Segments the table is cut into (Scan's TotalSegments). */
  segments?: number;
  /** Segments read at once. */
  parallel?: number;
  /** Items per page. */
  pageItems?: number;
}

/**
 * DynamoDB Local finds a page's first item by walking its segment from the start (the start key
 * is an OR the index cannot use), so a page costs more the further into its segment it starts:
 * at 40,000 items in one segment, 60 ms for the first page and 290 ms for the last. Many small
 * segments keep every walk short, whatever the table's size.
 */
export const DEFAULT_SEGMENTS = 64;

/** Two at once keep both cores of a small machine busy; more only queue on the engine. */
export const DEFAULT_PARALLEL = 2;

/**
 * A page without `Limit` makes DynamoDB Local read and parse every remaining item of its segment
 * and then keep 1 MB of them, so a whole scan costs the square of the table's size (1,165 s for
 * 300,000 items). With a limit the engine reads at most that many items for a page, which still
 * ends at 1 MB when its items are large.
 */
export const DEFAULT_PAGE_ITEMS = 1_000;

/**
 * Reads every item of the table by a segmented Scan with consistent reads, page by page: `onPage`
 * gets each page's items as they come (pages of different segments in any order).
 */
export async function scanTable(doc: DynamoDBDocumentClient, table: string, onPage: (items: Item[]) => void | Promise<void>, options: ScanOptions = {}): Promise<void> {
  const segments = Math.max(1, options.segments ?? DEFAULT_SEGMENTS);
  const limit = Math.max(1, options.pageItems ?? DEFAULT_PAGE_ITEMS);
  // After a failure the other segments stop at their next page.
  let failed = false;
  const scanSegment = async (segment: number): Promise<void> => {
    let startKey: Item | undefined;
    do {
      const page = await doc.send(
        new ScanCommand({ TableName: table, Segment: segment, TotalSegments: segments, Limit: limit, ConsistentRead: true, ExclusiveStartKey: startKey }),
      );
      await onPage(page.Items ?? []);
      startKey = page.LastEvaluatedKey;
    } while (startKey && !failed);
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    try {
      while (next < segments && !failed) await scanSegment(next++);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(segments, Math.max(1, options.parallel ?? DEFAULT_PARALLEL)) }, worker));
}
