/**
 * Cold start per handler: each handler bundled as the deployment bundles it (esbuild, minified
 * ESM for node22, every dependency bundled, lazy imports split into chunks), then imported by a
 * fresh Node process.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Metafile } from "esbuild";
import { median } from "./stats.js";

export interface BundleFigures {
  name: string;
  /** Bytes the handler loads at init: its entry file and the chunks it imports statically. */
  initBytes: number;
  /** Every file of the bundle, lazily imported chunks included. */
  totalBytes: number;
  /** Median milliseconds of `await import(bundle)` inside a fresh process. */
  importMs: number;
  /** Median wall milliseconds of the whole process (start, import, exit). */
  processMs: number;
}

// The ESM banner SST adds so bundled CommonJS can still require Node built-ins.
const BANNER = [
  `import { createRequire as topLevelCreateRequire } from "module";`,
  `const require = topLevelCreateRequire(import.meta.url);`,
].join("\n");

async function bundle(entry: string, outdir: string): Promise<{ entryFile: string; metafile: Metafile }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    keepNames: true,
    format: "esm",
    platform: "node",
    target: "node22",
    mainFields: ["module", "main"],
    splitting: true,
    outdir,
    outExtension: { ".js": ".mjs" },
    banner: { js: BANNER },
    metafile: true,
    logLevel: "silent",
  });
  // Lazily imported modules are entry points of their own chunks: the handler's is the one built from `entry`.
  const entryFile = Object.keys(result.metafile.outputs).find((file) => {
    const from = result.metafile.outputs[file]!.entryPoint;
    return from !== undefined && resolve(from) === resolve(entry);
  });
  if (!entryFile) throw new Error(`No output for ${entry}`);
  return { entryFile, metafile: result.metafile };
}

/** Sums the entry and every chunk reachable from it through static imports. */
function initBytes(metafile: Metafile, entryFile: string): number {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    const output = metafile.outputs[file];
    if (!output || seen.has(file)) return;
    seen.add(file);
    for (const imported of output.imports) if (imported.kind === "import-statement" && !imported.external) visit(imported.path);
  };
  visit(entryFile);
  return [...seen].reduce((sum, file) => sum + metafile.outputs[file]!.bytes, 0);
}

const IMPORT_SCRIPT =
  "const start = performance.now(); await import(process.argv[1]); process.stdout.write(String(performance.now() - start));";

function runNode(args: string[]): Promise<{ stdout: string; wallMs: number }> {
  return new Promise((done, fail) => {
    const start = performance.now();
    const child = spawn(process.execPath, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: process.env.PATH, TABLE_NAME: "cold-start", AWS_REGION: "us-east-1" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      if (code !== 0) fail(new Error(`node ${args.join(" ").slice(0, 80)} exited ${code}: ${stderr.slice(0, 400)}`));
      else done({ stdout, wallMs: performance.now() - start });
    });
  });
}

/** Median wall time of `node -e ""`: what every process pays before importing anything. */
export async function nodeBaselineMs(spawns: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < spawns; i++) samples.push((await runNode(["-e", ""])).wallMs);
  return median(samples);
}

/**
 * Bundles each entry, then times its import in `spawns` fresh processes. The spawns go round
 * robin over the bundles, so a busy moment of the machine falls on all of them alike.
 */
export async function measureColdStarts(entries: { name: string; file: string }[], spawns: number): Promise<BundleFigures[]> {
  const root = await mkdtemp(join(tmpdir(), "bench-bundles-"));
  try {
    const bundles: { name: string; url: string; metafile: Metafile; entryFile: string; imports: number[]; walls: number[] }[] = [];
    for (const entry of entries) {
      const { entryFile, metafile } = await bundle(entry.file, join(root, entry.name.replace(/[^A-Za-z0-9_-]+/g, "_")));
      const url = pathToFileURL(resolve(entryFile)).href;
      await runNode(["--input-type=module", "-e", IMPORT_SCRIPT, url]); // file cache warm, like a reused sandbox
      bundles.push({ name: entry.name, url, metafile, entryFile, imports: [], walls: [] });
    }
    for (let i = 0; i < spawns; i++) {
      for (const entry of bundles) {
        const { stdout, wallMs } = await runNode(["--input-type=module", "-e", IMPORT_SCRIPT, entry.url]);
        entry.imports.push(Number(stdout));
        entry.walls.push(wallMs);
      }
    }
    return bundles.map((entry) => ({
      name: entry.name,
      initBytes: initBytes(entry.metafile, entry.entryFile),
      totalBytes: Object.values(entry.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0),
      importMs: median(entry.imports),
      processMs: median(entry.walls),
    }));
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

