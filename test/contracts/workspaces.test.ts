/**
 * Every workspace import is declared: an `@fulfillment/*` package or a `#…` subpath a workspace's
 * sources import is named in its own package.json, and the workspaces' runtime dependencies form
 * no cycle. Test files may also use devDependencies, which may point back up: test support sits
 * above what it tests.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importsOf, isTestFile, REPO_ROOT, sourceFiles } from "#test/sources";

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  imports?: Record<string, string>;
}

interface Workspace {
  dir: string;
  manifest: Manifest;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), "utf8")) as T;
const workspaces: Workspace[] = readJson<{ workspaces: string[] }>("package.json").workspaces.map((dir) => ({ dir, manifest: readJson<Manifest>(`${dir}/package.json`) }));
const names = new Set(workspaces.map((workspace) => workspace.manifest.name));

/** The workspace package an import names (`@fulfillment/functions/errors` → `@fulfillment/functions`), if any. */
const workspaceOf = (specifier: string): string | undefined => {
  const name = specifier.split("/").slice(0, 2).join("/");
  return names.has(name) ? name : undefined;
};

/** The subpath-import pattern of the manifest that matches the specifier, and where it points. */
function subpathTarget(manifest: Manifest, specifier: string): string | undefined {
  for (const [pattern, target] of Object.entries(manifest.imports ?? {})) {
    if (pattern === specifier) return target;
    if (pattern.endsWith("*") && specifier.startsWith(pattern.slice(0, -1))) return target.replace("*", specifier.slice(pattern.length - 1));
  }
  return undefined;
}

/** What a workspace's file imports without declaring it, in words. */
function undeclared(workspace: Workspace, file: string): string[] {
  const { manifest } = workspace;
  const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...(isTestFile(file) ? Object.keys(manifest.devDependencies ?? {}) : [])]);
  const where = path.relative(REPO_ROOT, file);
  return importsOf(file).flatMap((specifier) => {
    if (specifier.startsWith("#")) {
      const target = subpathTarget(manifest, specifier);
      if (target === undefined) return [`${where}: ${specifier} (no such entry in "imports")`];
      const name = workspaceOf(target);
      return name && !declared.has(name) ? [`${where}: ${specifier} → ${name}`] : [];
    }
    if (specifier.startsWith(".")) {
      const resolved = path.resolve(path.dirname(file), specifier);
      const other = workspaces.find((candidate) => candidate !== workspace && resolved.startsWith(path.join(REPO_ROOT, candidate.dir) + path.sep));
      return other ? [`${where}: ${specifier} (a path into ${other.manifest.name})`] : [];
    }
    const name = workspaceOf(specifier);
    return name && !declared.has(name) ? [`${where}: ${specifier}`] : [];
  });
}

/** A cycle in the graph, as the names along it, or undefined. */
function cycleIn(edges: ReadonlyMap<string, readonly string[]>): string[] | undefined {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | undefined => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return undefined;
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next, [...trail, node]);
      if (cycle) return cycle;
    }
    done.add(node);
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("workspaces", () => {
  it.each(workspaces.map((workspace) => [workspace.manifest.name, workspace] as const))("%s declares every workspace it imports", (_name, workspace) => {
    // Arrange
    const files = sourceFiles(path.join(REPO_ROOT, workspace.dir));

    // Act
    const missing = files.flatMap((file) => undeclared(workspace, file));

    // Assert
    expect(files.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });

  it("have runtime dependencies that form no cycle", () => {
    const edges = new Map(workspaces.map(({ manifest }) => [manifest.name, Object.keys(manifest.dependencies ?? {}).filter((name) => names.has(name))]));

    expect(cycleIn(edges)).toBeUndefined();
  });

  it("finds a cycle where there is one", () => {
    expect(cycleIn(new Map([["a", ["b"]], ["b", ["c"]], ["c", ["a"]]]))).toEqual(["a", "b", "c", "a"]);
    expect(cycleIn(new Map([["a", ["b", "c"]], ["b", ["c"]], ["c", []]]))).toBeUndefined();
  });
});
