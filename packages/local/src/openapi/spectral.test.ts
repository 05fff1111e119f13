import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { OPENAPI_PATH } from "#test/openapi";

const ROOT = resolve(dirname(OPENAPI_PATH), "..");
const RULESET = resolve(ROOT, ".spectral.yaml");
const CLI = createRequire(import.meta.url).resolve("@stoplight/spectral-cli/dist/index.js");

interface Finding {
  code: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  path: string[];
  message: string;
}

/** The rules .spectral.yaml turns off, each for the operations it names with its reason. */
const EXCEPTIONS = ["owasp:api1:2023-no-numeric-ids", "owasp:api2:2023-write-restricted"];

/** Spectral's CLI over the committed document, as `npm run lint:openapi` runs it; exits 1 on an error, so its output is read either way. */
async function lint(): Promise<Finding[]> {
  const args = [CLI, "lint", OPENAPI_PATH, "--ruleset", RULESET, "--format", "json", "--quiet"];
  const run = promisify(execFile);
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }));
  return JSON.parse(stdout) as Finding[];
}

const where = (finding: Finding): string => `${finding.code} at ${finding.path.join(".")}: ${finding.message}`;

describe("docs/openapi.json under Spectral (spectral:oas and the OWASP API Security Top 10 2023 ruleset)", () => {
  it("has no spectral:oas error or warning, and no OWASP error outside the exceptions the ruleset lists", async () => {
    // Act
    const findings = await lint();

    // Assess
    const oas = findings.filter((finding) => !finding.code.startsWith("owasp:") && finding.severity <= 1);
    const owaspErrors = findings.filter((finding) => finding.code.startsWith("owasp:") && finding.severity === 0);
    expect(oas.map(where)).toEqual([]);
    expect(owaspErrors.map(where)).toEqual([]);
  }, 60_000);

  it("keeps off only the listed rules, each for named operations with a reason", () => {
    const ruleset = readFileSync(RULESET, "utf8");
    const off = [...ruleset.matchAll(/^\s+([\w:.-]+):\s*"?off"?\s*$/gm)].map((match) => match[1]);
    expect(off.sort()).toEqual([...EXCEPTIONS].sort());
    // Narrowed to operations (overrides by path), never for the whole document.
    expect(ruleset).not.toMatch(/^rules:/m);
    // Each with its reason: a comment just above its override.
    for (const rule of EXCEPTIONS) {
      const at = ruleset.indexOf(rule);
      expect(ruleset.slice(Math.max(0, at - 600), at), rule).toMatch(/^\s*#.{40,}$/m);
    }
  });
});
