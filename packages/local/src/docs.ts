/**
 * The API reference of the local server: GET /openapi.json (the generated document) and
 * GET /docs, a Swagger UI page whose files come from the installed swagger-ui-dist package.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, extname, join } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ExtraRoute } from "./gateway/server.js";
import { assetCache, sendAsset, staticAsset } from "./gateway/static-asset.js";
import { generateOpenApi, renderOpenApi } from "./openapi/generate.js";

export const ASSETS_PREFIX = "/docs/assets/";

const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));

const CONTENT_TYPES: Record<string, string> = {
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".png": "image/png",
};

function send(response: ServerResponse, statusCode: number, contentType: string, body: string | Buffer, cache = "no-cache"): void {
  response.writeHead(statusCode, { "content-type": contentType, "content-length": Buffer.byteLength(body), "cache-control": cache });
  response.end(body);
}

const PAGE = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Fulfillment API reference</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" sizes="32x32">
    <style>body { margin: 0; }</style>
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script>
      window.ui = SwaggerUIBundle({
        url: "/openapi.json",
        dom_id: "#swagger-ui",
        deepLinking: true,
        presets: [SwaggerUIBundle.presets.apis],
        layout: "BaseLayout",
      });
    </script>
  </body>
</html>
`;

/** A file directly inside the swagger-ui-dist directory, by its name only (no path can escape it). */
const swaggerAsset = assetCache(async (name) => {
  const contentType = CONTENT_TYPES[extname(name)];
  if (!/^[\w.-]+$/.test(name) || name.startsWith(".") || !contentType) return undefined;
  try {
    return staticAsset(await readFile(join(SWAGGER_UI_DIR, name)), { "content-type": contentType, "cache-control": "public, max-age=3600" });
  } catch {
    return undefined;
  }
});

async function serveAsset(request: IncomingMessage, response: ServerResponse): Promise<void> {
  let name = "";
  try {
    name = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname.slice(ASSETS_PREFIX.length));
  } catch {
    // A malformed escape names no file.
  }
  const asset = await swaggerAsset(name);
  if (!asset) return send(response, 404, "text/plain; charset=utf-8", "Not found\n");
  sendAsset(request, response, asset);
}

/** The reference routes for createGateway({ extra }); `localUrl` is the server the document names. */
export function docsRoutes(options: { localUrl?: string } = {}): ExtraRoute[] {
  // Generated and compressed on first request, then held: the document does not change while the server runs.
  let document: ReturnType<typeof staticAsset> | undefined;
  const page = staticAsset(PAGE, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
  return [
    {
      method: "GET",
      path: "/openapi.json",
      serve: (request, response) => {
        document ??= staticAsset(renderOpenApi(generateOpenApi({ localUrl: options.localUrl })), { "content-type": "application/json; charset=utf-8", "cache-control": "no-cache" });
        sendAsset(request, response, document);
      },
    },
    { method: "GET", path: "/docs", serve: (request, response) => sendAsset(request, response, page) },
    { method: "GET", path: `${ASSETS_PREFIX}*`, serve: serveAsset },
  ];
}
