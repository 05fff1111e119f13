/**
 * The operations console next to the API: GET /console/* serves the built files of packages/web
 * (rebuilt at start when their sources changed), GET / and GET /console redirect to /console/.
 * config.js is written here: on this server the console calls the API on its own origin.
 */
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { configScript, DIST_DIR, ensureConsoleBuilt } from "@fulfillment/web/build";
import type { ExtraRoute } from "./server.js";
import { assetCache, sendAsset, staticAsset } from "./static-asset.js";

export const CONSOLE_PATH = "/console/";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
};

/** Thumbnails come from the marketplace's image hosts; scripts, styles and data only from here (and the sign-in issuer). */
const contentSecurityPolicy = (issuer: string | undefined): string =>
  [
    "default-src 'self'",
    "img-src 'self' https: data:",
    "style-src 'self' 'unsafe-inline'",
    `connect-src 'self'${issuer ? ` ${new URL(issuer).origin}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join("; ");

/** How the console signs in on this server: not at all, or at the local OpenID provider. */
export interface ConsoleSignIn {
  issuer: string;
  clientId: string;
  scope: string;
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string | Buffer = ""): void {
  response.writeHead(status, {
    "content-length": String(Buffer.byteLength(body)),
    "x-content-type-options": "nosniff",
    ...headers,
  });
  response.end(body);
}

const redirect = (_request: IncomingMessage, response: ServerResponse): void =>
  send(response, 302, { location: CONSOLE_PATH, "cache-control": "no-store" });

const notFound = (response: ServerResponse): void => send(response, 404, { "content-type": "text/plain; charset=utf-8" }, "Not found\n");

/** The file a request path names inside the build folder, or undefined when it would leave it. */
function fileFor(pathname: string, distDir: string): string | undefined {
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(CONSOLE_PATH.length));
  } catch {
    return undefined;
  }
  if (relative === "") relative = "index.html";
  if (relative.includes("\0")) return undefined;
  const file = normalize(join(distDir, relative));
  return file.startsWith(distDir + sep) ? file : undefined;
}

export function consoleRoutes(options: { distDir?: string; signIn?: ConsoleSignIn } = {}): ExtraRoute[] {
  const distDir = normalize(options.distDir ?? DIST_DIR);
  const { signIn } = options;
  const config = configScript(
    signIn ? { CONSOLE_AUTH_MODE: "jwt", CONSOLE_JWT_ISSUER: signIn.issuer, CONSOLE_JWT_CLIENT_ID: signIn.clientId, CONSOLE_JWT_SCOPE: signIn.scope } : {},
  );
  const policy = contentSecurityPolicy(signIn?.issuer);
  const configAsset = staticAsset(config, { "content-type": CONTENT_TYPES[".js"]!, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  // Deployed, the stack writes this file; here config.js already says everything.
  const deployConfigAsset = staticAsset("", { "content-type": CONTENT_TYPES[".js"]!, "cache-control": "no-store", "x-content-type-options": "nosniff" });
  // The build does not change while the server runs (it is brought up to date before it starts).
  const built = assetCache(async (file) => {
    const type = CONTENT_TYPES[extname(file)];
    if (!type || file.endsWith("build-info.json")) return undefined;
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      return undefined;
    }
    // Chunk names carry a content hash; the entry files keep their names, so they are revalidated.
    const cache = file.includes(`${sep}chunks${sep}`) ? "public, max-age=31536000, immutable" : "no-cache";
    const headers: Record<string, string> = { "content-type": type, "cache-control": cache, "x-content-type-options": "nosniff" };
    if (type.startsWith("text/html")) headers["content-security-policy"] = policy;
    return staticAsset(body, headers);
  });
  const serveFile = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const pathname = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    if (pathname === `${CONSOLE_PATH}config.js`) return sendAsset(request, response, configAsset);
    if (pathname === `${CONSOLE_PATH}deploy-config.js`) return sendAsset(request, response, deployConfigAsset);
    const file = fileFor(pathname, distDir);
    const asset = file ? await built(file) : undefined;
    if (!asset) return notFound(response);
    sendAsset(request, response, asset);
  };
  return [
    { method: "GET", path: "/", serve: redirect },
    { method: "GET", path: "/console", serve: redirect },
    { method: "GET", path: `${CONSOLE_PATH}*`, serve: serveFile },
  ];
}

/** Builds the console when its build is missing or older than its sources (a fraction of a second). */
export const prepareConsole = (): Promise<unknown> => ensureConsoleBuilt();
