/**
 * A handler answers what its route's contract says: samples compiled against the real handler
 * wrapper and contracts, with the repository's compiler options, show which answers typecheck.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { listSyncRuns } from "../contract/sync.js";
import { httpHandler } from "./handler.js";
import { ok } from "./request.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "../../../..");
const SAMPLE = join(HERE, "answer-sample.ts");

const IMPORTS = `
import { csvResult } from "./csv.js";
import { httpHandler } from "./handler.js";
import { ok } from "./request.js";
import { runSync, listSyncRuns } from "../contract/sync.js";
import { getRestockPlan } from "../contract/planning.js";
import { JsonText } from "../json-text.js";
`;

const options = (() => {
  const config = ts.readConfigFile(join(ROOT, "tsconfig.json"), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
})();

/** The errors the compiler reports in a sample module beside the handler wrapper, one line each. */
function errorsOf(body: string): string[] {
  const text = `${IMPORTS}${body.trim()}\n`;
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile;
  host.getSourceFile = (file, language, ...rest) =>
    file === SAMPLE ? ts.createSourceFile(file, text, language) : readSource.call(host, file, language, ...rest);
  host.fileExists = (file) => file === SAMPLE || ts.sys.fileExists(file);
  const program = ts.createProgram([SAMPLE], options, host);
  return ts.getPreEmitDiagnostics(program, program.getSourceFile(SAMPLE)).map((diagnostic) => {
    // Numbered from the sample's first line.
    const line = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line - IMPORTS.split("\n").length + 2 : 0;
    return `${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
  });
}

describe("a handler's answer", () => {
  it("compiles when it is the body its route's schema describes, at the status that documents it", () => {
    const errors = errorsOf(`
      declare const runs: import("@fulfillment/core").Sync.SyncRun[];
      export const a = httpHandler(listSyncRuns, async () => ok({ success: true, runs }));
      export const b = httpHandler(runSync, async () => ok({ success: true, run: { id: "r", state: "running", progress: { ads_total: 0, ads_done: 0, shards_total: 0, shards_done: 0 } } }, 202));
      export const c = httpHandler(getRestockPlan, async () => csvResult(["sku"], [["A"]], "plan.csv"));
    `);
    expect(errors).toEqual([]);
  }, 60_000);

  it("does not compile when the body differs from the schema: a field missing, or of another type", () => {
    const errors = errorsOf(`
      export const missing = httpHandler(listSyncRuns, async () => ok({ success: true }));
      export const retyped = httpHandler(listSyncRuns, async () => ok({ success: "yes", runs: [] }));
    `);
    expect(errors).toEqual([expect.stringMatching(/^1: [^]*Property 'runs' is missing/), expect.stringMatching(/^2: [^]*Type '"yes"' is not assignable to type 'true'/)]);
  }, 60_000);

  it("does not compile when the body is another status's, or text the route does not document", () => {
    const errors = errorsOf(`
      export const early = httpHandler(runSync, async () => ok({ success: true, run: { id: "r", state: "running", progress: { ads_total: 0, ads_done: 0, shards_total: 0, shards_done: 0 } } }));
      export const csv = httpHandler(listSyncRuns, async () => csvResult(["id"], [["r"]], "runs.csv"));
    `);
    expect(errors).toEqual([
      expect.stringMatching(/^1: [^]*is missing the following properties[^]*run_id/),
      expect.stringMatching(/^2: [^]*Type 'TextResult<200, "text\/csv; charset=utf-8">' is not assignable/),
    ]);
  }, 60_000);

  it("does not compile when a stored view's text holds another body than the route's", () => {
    const errors = errorsOf(`
      export const stored = httpHandler(listSyncRuns, async () => ok(new JsonText<{ success: true; runs: string[] }>("{}")));
    `);
    expect(errors).toEqual([expect.stringMatching(/^1: [^]*Type 'string' is not assignable to type '\{ id: string; trigger/)]);
  }, 60_000);
});

// npm run typecheck compiles this sample too: were the answer not typed by its route, the directive would go unused and fail it.
export const wrongAnswer = () =>
  // @ts-expect-error the body lacks the route's runs
  httpHandler(listSyncRuns, async () => ok({ success: true }));
