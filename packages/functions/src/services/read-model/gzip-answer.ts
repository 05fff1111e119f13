/**
 * A stored answer as a gzip member: its pages (storage/read-model.ts `answerPages`) are one
 * deflate stream left open, so a header, a final empty block and the text's trailer make them the
 * answer a client that accepts gzip receives, without inflating or deflating anything per request.
 */
import { crc32 } from "node:zlib";

/** What a gzip trailer holds of a text: its CRC-32 and its size in bytes. */
export interface GzipTrailer {
  crc: number;
  bytes: number;
}

export const gzipTrailerOf = (text: string): GzipTrailer => {
  const bytes = Buffer.from(text, "utf8");
  return { crc: crc32(bytes), bytes: bytes.length };
};

/** gzip header (deflate, no name, no time, unknown OS) and the empty final block that closes the stream. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Where the gzip member is put together, kept between requests (see gzipBase64OfPages). */
let memberBytes: Buffer | undefined;

/**
 * The gzip member of a text stored as pages of `answerPages`, from the pages and the text's
 * trailer, in base64 (the body Lambda sends for a binary answer). The member is put together in
 * a buffer kept between requests and encoded at once: a fresh 4.4 MB buffer per request (the
 * restock plan at 100,000 records) cost its time again in page faults. Nothing awaits between
 * filling and encoding it, so requests sharing the process cannot interleave there.
 */
export function gzipBase64OfPages(pages: readonly Uint8Array[], trailer: GzipTrailer): string {
  const size = GZIP_HEADER.length + pages.reduce((sum, page) => sum + page.length, 0) + FINAL_BLOCK.length + 8;
  if (!memberBytes || memberBytes.length < size) memberBytes = Buffer.allocUnsafeSlow(size);
  let offset = GZIP_HEADER.copy(memberBytes, 0);
  for (const page of pages) {
    memberBytes.set(page, offset);
    offset += page.length;
  }
  offset += FINAL_BLOCK.copy(memberBytes, offset);
  offset = memberBytes.writeUInt32LE(trailer.crc >>> 0, offset);
  memberBytes.writeUInt32LE(trailer.bytes % 2 ** 32, offset);
  return memberBytes.toString("base64", 0, size);
}
