/** The source files of a folder and the modules each imports: what the layering tests read. */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/** TypeScript and JavaScript files under `dir`, dependencies and build output left out. */
export function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(full);
  }
  return files;
}

/** A test file: its imports may use what only tests need. */
export const isTestFile = (file: string): boolean => /\.test\.tsx?$/.test(file);

/** The file's text without comments, so a module named in prose is not taken for an import. */
export function codeOf(file: string): string {
  return readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bexport\s+\*\s+from\s*)["']([^"']+)["']/gm;

/** Every module the file imports, statically or dynamically, in order. */
export function importsOf(file: string): string[] {
  return [...codeOf(file).matchAll(IMPORT)].map((match) => match[1]!);
}
