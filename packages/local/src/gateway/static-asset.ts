/**
 * A file the local server sends as it is (the console's build, the API reference and its
 * document): held in memory, compressed once when it is worth it, and named by a strong ETag,
 * so a request costs one lookup and a write, and a browser that has it gets a 304.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export interface StaticAsset {
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  etag: string;
  headers: Record<string, string>;
}

/** Smaller bodies gain less from compression than the client spends decoding them. */
const COMPRESS_FROM_BYTES = 1_024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript)|image\/svg\+xml)/;

/** `headers`: content type, cache policy and whatever else every answer of this file carries. */
export function staticAsset(body: Buffer | string, headers: Record<string, string>): StaticAsset {
  const identity = Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
  if (identity.length < COMPRESS_FROM_BYTES || !COMPRESSIBLE.test(headers["content-type"] ?? "")) return { identity, etag, headers };
  const gzip = gzipSync(identity, { level: 9 });
  const br = brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } });
  return { identity, etag, headers, ...(gzip.length < identity.length ? { gzip } : {}), ...(br.length < identity.length ? { br } : {}) };
}

/** The encodings the client accepts with a non-zero weight ("gzip, deflate, br;q=0"). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const weight = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    if (name && (weight === undefined || Number(weight) > 0)) names.add(name.trim());
  }
  return names;
}

/** Whether If-None-Match names this asset (a list, a weak form, or "*"). */
function unchanged(request: IncomingMessage, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}

export function sendAsset(request: IncomingMessage, response: ServerResponse, asset: StaticAsset): void {
  const vary = asset.gzip || asset.br ? { vary: "Accept-Encoding" } : {};
  if (unchanged(request, asset.etag)) {
    response.writeHead(304, { etag: asset.etag, "cache-control": asset.headers["cache-control"] ?? "no-cache", ...vary });
    return void response.end();
  }
  const encodings = accepted(request.headers["accept-encoding"] as string | undefined);
  const [encoding, body] = asset.br && encodings.has("br") ? ["br", asset.br] : asset.gzip && encodings.has("gzip") ? ["gzip", asset.gzip] : [undefined, asset.identity];
  response.writeHead(200, {
    ...asset.headers,
    etag: asset.etag,
    "content-length": String(body.length),
    ...(encoding ? { "content-encoding": encoding } : {}),
    ...vary,
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/**
 * Assets read once per path: `load` gives the asset, or undefined for a file that is not there.
 * Only files found are held, so requests for made-up paths cannot grow the cache.
 */
export function assetCache(load: (key: string) => Promise<StaticAsset | undefined>): (key: string) => Promise<StaticAsset | undefined> {
  const held = new Map<string, Promise<StaticAsset | undefined>>();
  return (key) => {
    let asset = held.get(key);
    if (!asset) {
      asset = load(key).then((found) => {
        if (!found) held.delete(key);
        return found;
      });
      held.set(key, asset);
    }
    return asset;
  };
}
