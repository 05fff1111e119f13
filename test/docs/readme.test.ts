import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTES } from "@fulfillment/functions/routes";
import { generateDemoDataset } from "@fulfillment/local/demo/generate";
import { invokeResourcePath, INVOKE_POLICIES } from "../../stacks/invoke-policies.js";
import { load } from "#test/fixtures";
import { useTestTable } from "#test/table";
import { createTariff, deleteTariff, updateTariff } from "#test/tariffs";
import { startService, stopService, type RunningService } from "@fulfillment/local/engine/service-process";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { afterAll, beforeAll } from "vitest";
import type { SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { marketplaceEnv, startDemoMarketplace } from "#test/demo-marketplace";

/** What the README tells a new user must hold: its examples work, its policies are the stack's. */

const README = readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8");

/** The shell block of the README's "Use it" section, continuation lines joined. */
function useItCommands(): string[] {
  const section = README.slice(README.indexOf("## Use it"), README.indexOf("\n## ", README.indexOf("## Use it") + 1));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block.replace(/\\\n\s*/g, " ").split("\n");
}

const bodyOf = (command: string): unknown => JSON.parse(/-d '([^']*)'/.exec(command)![1]!);

const db = useTestTable("readme", "test");

describe("README tariff examples on the demo data", () => {
  const commands = useItCommands().filter((line) => line.includes("/full/tariffs"));
  const create = commands.find((line) => line.includes("-X POST"))!;
  const update = commands.find((line) => line.includes("-X PUT"))!;
  const remove = commands.find((line) => line.includes("-X DELETE"))!;

  it("takes the id from the create answer instead of naming one", () => {
    expect(create).toMatch(/^ID=\$\(curl .*\.tariff\.id/);
    for (const line of [update, remove]) expect(line).toContain("/full/tariffs/$ID");
    expect(commands.join("\n")).not.toMatch(/\/full\/tariffs\/\d/);
  });

  it("creates, updates and deletes a tariff that overlaps none of the demo's, with nothing assumed", async () => {
    await load(db.ref, { tariffs: generateDemoDataset({ today: "2026-11-20" }).tariffs });
    const strict = /-H 'prefer: ([^']*)'/i.exec(create)?.[1];

    const created = await createTariff(bodyOf(create), strict ? { prefer: strict } : {});
    const id = created.body.tariff.id;
    const updated = await updateTariff(id, bodyOf(update));
    const deleted = await deleteTariff(id);

    expect(created.statusCode).toBe(201);
    expect(created.body.warnings).toBeUndefined();
    expect(updated.statusCode).toBe(200);
    expect(updated.body.warnings).toBeUndefined();
    expect(deleted.statusCode).toBe(200);
  });
});

describe("README invoke policies", () => {
  /** The resource paths after the API id in each JSON block with the given Sid. */
  const resourcesOf = (sid: string): string[] => {
    const block = [...README.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!)).find((doc) => doc.Statement?.[0]?.Sid === sid);
    return (block.Statement[0].Resource as string[]).map((arn) => arn.replace(/^arn:aws:execute-api:<region>:<account>:<api-id>\//, ""));
  };

  it("are the read-only and full policies the stack makes from the route table", () => {
    expect(resourcesOf("FulfillmentApiReadOnly")).toEqual(ROUTES.filter(INVOKE_POLICIES.ReadOnly).map(invokeResourcePath));
    expect(resourcesOf("FulfillmentApiFull")).toEqual(ROUTES.filter(INVOKE_POLICIES.Full).map(invokeResourcePath));
  });
});

/** Every fenced shell block of the README. */
const shellBlocks = (): string[] => [...README.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** The shell block right after the first line matching `marker`. */
const blockAfter = (marker: RegExp): string => {
  const at = README.search(marker);
  return /```sh\n([\s\S]*?)```/.exec(README.slice(at))![1]!;
};

describe("README examples need only Node, npm and Java", () => {
  it("make keys with node, not uuidgen, and use no jq", () => {
    for (const block of shellBlocks()) expect(block).not.toMatch(/\b(uuidgen|jq)\b/);
  });

  it("upload sample files that are in the repository", () => {
    const uploads = [...README.matchAll(/--data-binary @(\S+)/g)].map((m) => m[1]!);
    expect(uploads.length).toBeGreaterThan(0);
    for (const path of uploads) expect(existsSync(fileURLToPath(new URL(`../../${path}`, import.meta.url))), path).toBe(true);
  });

  it("give the AWS CLI its region", () => {
    const block = shellBlocks().find((text) => text.includes("aws dynamodb"))!;
    expect(block).toMatch(/AWS_DEFAULT_REGION=\S+/);
  });
});

/** Runs a README block with bash against the service (its address put in place of the README's). */
const run = promisify(execFile);
async function runBlock(block: string, url: string): Promise<string> {
  const script = `set -euo pipefail\nAPI=${url}\n${block.replaceAll("http://127.0.0.1:3000", url)}`;
  const { stdout } = await run("bash", ["-c", script], { cwd: fileURLToPath(new URL("../..", import.meta.url)), timeout: 60_000 });
  return stdout;
}

describe("README first day, run as written on an empty service (DATA_DIR=memory, DEMO=0)", { timeout: 120_000 }, () => {
  let service: RunningService;
  const api = async (path: string) => (await fetch(`${service.url}${path}`)).json() as Promise<any>;

  beforeAll(async () => {
    service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "0" });
  }, 120_000);
  afterAll(async () => {
    if (service) await stopService(service.child);
  });

  it("says no tariff is active until the sample table is added, which covers every volume with nothing assumed", async () => {
    // Prepare: a new seller, nothing stored.
    expect((await api("/full/overview")).warnings.map((warning: { code: string }) => warning.code)).toContain("no_active_tariffs");

    // Act: "First data", step 0, as written.
    const output = await runBlock(blockAfter(/0\. \*\*Add the tariff table\.\*\*/), service.url);

    // Assess
    const answers = output.trim().split("\n").map((line) => ({ status: Number(line.slice(0, 3)), body: JSON.parse(line.slice(4)) }));
    const sample = JSON.parse(readFileSync(fileURLToPath(new URL("../../docs/samples/tariffs.json", import.meta.url)), "utf8"));
    expect(answers.map((answer) => answer.status)).toEqual(sample.map(() => 201));
    // Nothing assumed but the open upper bound the last band asks for.
    expect(answers.map((answer) => (answer.body.warning_details ?? []).map((warning: { code: string }) => warning.code))).toEqual([[], [], [], ["max_volume_open"]]);
    const { tariffs } = await api("/full/tariffs");
    expect(tariffs.map((tariff: { min_volume_l: number; max_volume_l: number | null }) => [tariff.min_volume_l, tariff.max_volume_l])).toEqual([
      [0, 1],
      [1, 10],
      [10, 100],
      [100, null],
    ]);
    expect((await api("/full/overview")).warnings.map((warning: { code: string }) => warning.code)).not.toContain("no_active_tariffs");
  });

  it("shows idempotency with a key from node and leaves no tariff behind", async () => {
    // Prepare
    const before = (await api("/full/tariffs")).tariffs;

    // Act
    const output = await runBlock(blockAfter(/^`POST \/full\/tariffs` and `POST \/full\/sync` accept an `Idempotency-Key`/m), service.url);

    // Assess: the replay answered the first answer (same id), the other body 422, and the delete left the table as it was.
    const [replay, refused, deleted] = output.trim().split(/(?<=\})\s*(?=\{)/).map((text) => JSON.parse(text));
    expect(replay).toMatchObject({ success: true, tariff: { name: "Teste de idempotência", active: false } });
    expect(refused).toMatchObject({ success: false });
    expect(deleted).toMatchObject({ success: true });
    expect((await api("/full/tariffs")).tariffs).toEqual(before);
  });
});

describe("README \"Use it\", run as written on the demo (with the sandbox marketplace)", { timeout: 180_000 }, () => {
  let service: RunningService;
  let sandbox: SandboxMarketplace;
  let folder: string;

  beforeAll(async () => {
    sandbox = await startDemoMarketplace();
    service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "1", ...marketplaceEnv(sandbox) });
    // A folder of its own (the block downloads two CSV files), with the repository's samples in it.
    folder = mkdtempSync(join(tmpdir(), "readme-"));
    symlinkSync(fileURLToPath(new URL("../../docs", import.meta.url)), join(folder, "docs"));
  }, 180_000);
  afterAll(async () => {
    if (service) await stopService(service.child);
    await sandbox?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("answers every request with the status its comment promises (2xx or 3xx unless it says otherwise)", async () => {
    // Arrange: curl prints each answer's status on stderr, after the request line it ran.
    const block = useItCommands().join("\n");
    const wrapper = `curl() { command curl -sS -w '%{stderr}STATUS %{http_code} %{method} %{url_effective}\\n' "$@"; }\n`;
    const script = `set -euo pipefail\n${wrapper}${block.replace(/^API=.*$/m, `API=${service.url}`)}`;

    // Act
    const { stdout, stderr } = await run("bash", ["-c", script], { cwd: folder, timeout: 150_000, maxBuffer: 64 * 1024 * 1024 });

    // Assess
    const statuses = [...stderr.matchAll(/^STATUS (\d{3}) (\S+) (\S+)$/gm)].map((m) => ({ status: Number(m[1]), request: `${m[2]} ${m[3]!.replace(service.url, "")}` }));
    const expected = useItCommands().filter((line) => /^(\S+=\$\()?curl /.test(line.trim())).length;
    expect(statuses.length).toBe(expected);
    const refusedOnPurpose = useItCommands().filter((line) => /# (4\d\d)\b/.test(line)).length;
    expect(statuses.filter((s) => s.status >= 400)).toHaveLength(refusedOnPurpose);
    // The downloads went to a temporary folder: nothing was written where the commands ran.
    expect(readdirSync(folder)).toEqual(["docs"]);
    // The example's own receiver got the test message, signed with the secret the example kept.
    expect(/t=\d+,v1=[0-9a-f]{64} \{/.test(stdout), "the receiver printed a signed delivery").toBe(true);
    expect(useItCommands().join("\n")).toMatch(/^SECRET=\$\(echo "\$CREATED" .*\.secret'\)/m);
  });

  it("puts the examples that remove what the others set up last, and says how to connect the account again", () => {
    const commands = useItCommands().filter((line) => /^(\S+=\$\()?curl /.test(line.trim()));
    const deletes = commands.map((line, index) => (/-X DELETE/.test(line) ? index : -1)).filter((index) => index >= 0);
    const removals = commands.findIndex((line) => line.includes("-X DELETE $API/alerts/subscriptions/$SUB"));
    expect(deletes.filter((index) => index >= removals).length).toBeGreaterThanOrEqual(2);
    expect(commands.at(-1)).toContain("-X DELETE $API/marketplace/account");
    expect(useItCommands().join("\n")).toMatch(/marketplace\/connect in a browser, or npm run connect/);
  });
});
