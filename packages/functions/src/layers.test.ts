/**
 * Dependencies point down: the environment is read in config/ only, no sync step imports another
 * step, services reach the table through storage modules, no service imports a handler nor the
 * contract a service, and the errors every layer raises import nothing above them.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { codeOf, importsOf, isTestFile, sourceFiles } from "#test/sources";

const SRC = import.meta.dirname;
const runtimeFiles = sourceFiles(SRC).filter((file) => !isTestFile(file));
const relative = (file: string): string => path.relative(SRC, file);

/** The module an import names, relative to src/ and without extension; undefined for a package. */
function target(file: string, specifier: string): string | undefined {
  const alias = /^#(http|logging|storage|services)\/(.+)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  if (!specifier.startsWith(".")) return undefined;
  return path.relative(SRC, path.resolve(path.dirname(file), specifier)).replace(/\.js$/, "");
}

describe("layers", () => {
  it("reads the environment only in config/", () => {
    // Arrange
    const outside = runtimeFiles.filter((file) => !relative(file).startsWith(`config${path.sep}`));

    // Act
    const readers = outside.filter((file) => /\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*["'`]env|\bfrom\s*["'](node:)?process["']/.test(codeOf(file)));

    // Assert
    expect(readers.map(relative)).toEqual([]);
  });

  it("has no sync step import another step: shared parts sit beside them in services/sync/", () => {
    // The steps: what the API, the daily job and the state machine call.
    const steps = ["start", "plan", "shard", "finalize", "status"].map((step) => `services/sync/${step}`);
    const sync = runtimeFiles.filter((file) => relative(file).startsWith(`services${path.sep}sync${path.sep}`));

    const crossings = sync.flatMap((file) => {
      const from = relative(file).replace(/\.ts$/, "");
      return importsOf(file)
        .map((specifier) => target(file, specifier))
        .filter((to) => to !== undefined && to !== from && steps.includes(to))
        .map((to) => `${from} → ${to}`);
    });

    expect(sync.length).toBeGreaterThan(steps.length);
    expect(crossings).toEqual([]);
  });

  it("has services reach the table through storage modules, not the storage primitives", () => {
    const services = runtimeFiles.filter((file) => relative(file).startsWith(`services${path.sep}`));

    const primitives = services.filter((file) => importsOf(file).some((specifier) => target(file, specifier) === "storage/operations"));

    expect(primitives.map(relative)).toEqual([]);
  });

  it("has no service or storage module import a handler, and the contract import no service or handler", () => {
    // The answers' schemas sit in contract/, below the services that produce the bodies.
    const below: Record<string, string[]> = { services: ["handlers"], storage: ["handlers"], contract: ["handlers", "services"] };

    const crossings = runtimeFiles.flatMap((file) => {
      const from = relative(file);
      const above = below[from.split(path.sep)[0]!] ?? [];
      return importsOf(file)
        .map((specifier) => target(file, specifier))
        .filter((to): to is string => to !== undefined && above.includes(to.split(path.sep)[0]!))
        .map((to) => `${from} → ${to}`);
    });

    expect(crossings).toEqual([]);
  });

  it("keeps the errors and their statuses below every layer that raises them", () => {
    // errors.ts may read its texts (error-texts.ts), a table that itself imports nothing of this package.
    const within = (file: string) => importsOf(path.join(SRC, file)).filter((specifier) => target(path.join(SRC, file), specifier) !== undefined);

    expect(within("errors.ts")).toEqual(["./error-texts.js"]);
    expect(within("error-texts.ts")).toEqual([]);
  });
});
