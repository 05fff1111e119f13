/**
 * Builds the console into packages/web/dist with esbuild: app.js (+ lazily loaded chunks),
 * app.css, index.html and config.js. `npm ci` builds it (root `prepare`), `npm start` rebuilds
 * it when its sources changed, and the stack's StaticSite runs it at deploy time with the
 * API URL and sign-in settings in the environment.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export const WEB_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const DIST_DIR = join(WEB_ROOT, "dist");
const REPO_ROOT = resolve(WEB_ROOT, "../..");
const INFO_FILE = "build-info.json";

/** The budget of issue "operations console": JavaScript under 150 KB gzip. */
export const JS_BUDGET_GZIP_BYTES = 150 * 1024;

export interface BuildInfo {
  sourceHash: string;
  /** Every JavaScript file of the build, with its plain and gzip sizes. */
  scripts: { file: string; bytes: number; gzipBytes: number }[];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** A hash of what the build reads: the console's sources, its build code and the locked dependencies. */
export function sourceHash(): string {
  const hash = createHash("sha256");
  const files = [
    ...filesUnder(join(WEB_ROOT, "src")).filter((file) => !file.endsWith(".test.ts")),
    ...filesUnder(join(WEB_ROOT, "build")),
    join(WEB_ROOT, "package.json"),
    join(REPO_ROOT, "package-lock.json"),
  ].sort();
  for (const file of files) {
    if (!existsSync(file)) continue;
    hash.update(relative(REPO_ROOT, file));
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

export function readBuildInfo(outDir = DIST_DIR): BuildInfo | undefined {
  try {
    return JSON.parse(readFileSync(join(outDir, INFO_FILE), "utf8")) as BuildInfo;
  } catch {
    return undefined;
  }
}

/** True when there is no build or its sources changed since. */
export const isBuildStale = (outDir = DIST_DIR): boolean => readBuildInfo(outDir)?.sourceHash !== sourceHash();

/**
 * config.js: where the API is and how to sign in. Deployed, the stack passes these variables
 * (SST puts its own placeholders in them and fills in the real values at deploy time).
 */
export function configScript(env: Record<string, string | undefined> = process.env): string {
  // Written as given: at deploy time these are placeholders the upload replaces; the page reads them (config.ts).
  const auth = {
    mode: env.CONSOLE_AUTH_MODE?.trim() || "none",
    issuer: env.CONSOLE_JWT_ISSUER ?? "",
    clientId: env.CONSOLE_JWT_CLIENT_ID ?? "",
    scope: env.CONSOLE_JWT_SCOPE ?? "",
  };
  return `window.__CONSOLE_CONFIG__ = ${JSON.stringify({ apiUrl: env.CONSOLE_API_URL ?? "", auth })};\n`;
}

/** Builds into a fresh folder, then swaps it in, so a server never reads a half-written build. */
export async function buildConsole(options: { outDir?: string; env?: Record<string, string | undefined> } = {}): Promise<BuildInfo> {
  const outDir = options.outDir ?? DIST_DIR;
  const staging = `${outDir}.tmp-${process.pid}-${Date.now()}`;
  const hash = sourceHash();
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build({
      absWorkingDir: WEB_ROOT,
      entryPoints: { app: "src/main.tsx" },
      outdir: staging,
      bundle: true,
      splitting: true,
      format: "esm",
      chunkNames: "chunks/[name]-[hash]",
      minify: true,
      target: ["es2022"],
      jsx: "automatic",
      jsxImportSource: "preact",
      legalComments: "none",
      logLevel: "silent",
      define: { "process.env.NODE_ENV": '"production"' },
    });
    writeFileSync(join(staging, "index.html"), readFileSync(join(WEB_ROOT, "src/index.html")));
    writeFileSync(join(staging, "config.js"), configScript(options.env));
    const scripts = filesUnder(staging)
      .filter((file) => file.endsWith(".js") && !file.endsWith("config.js"))
      .map((file) => {
        const bytes = readFileSync(file);
        return { file: relative(staging, file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
      });
    const info: BuildInfo = { sourceHash: hash, scripts };
    writeFileSync(join(staging, INFO_FILE), `${JSON.stringify(info, null, 2)}\n`);
    rmSync(outDir, { recursive: true, force: true });
    renameSync(staging, outDir);
    return info;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds when stale; a concurrent builder finishing first is fine (the swap is whole). */
export async function ensureConsoleBuilt(outDir = DIST_DIR): Promise<BuildInfo> {
  if (!isBuildStale(outDir)) return readBuildInfo(outDir)!;
  try {
    return await buildConsole({ outDir });
  } catch (error) {
    const info = readBuildInfo(outDir);
    if (info && existsSync(join(outDir, "index.html")) && statSync(outDir).isDirectory()) return info;
    throw error;
  }
}

/** Sizes of a build, for the bench: the entry script loaded at start and all JavaScript (the budget's measure). */
export function bundleSizes(info: BuildInfo): { initialGzip: number; totalGzip: number } {
  const initial = info.scripts.filter((script) => !script.file.startsWith("chunks/"));
  return {
    initialGzip: initial.reduce((sum, script) => sum + script.gzipBytes, 0),
    totalGzip: info.scripts.reduce((sum, script) => sum + script.gzipBytes, 0),
  };
}
