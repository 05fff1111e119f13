import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ROUTES } from "@fulfillment/functions/routes";
import { generateDemoDataset } from "@fulfillment/local/demo/generate";
import { invokeResourcePath, INVOKE_POLICIES } from "../../stacks/invoke-policies.js";
import { load } from "#test/fixtures";
import { useTestTable } from "#test/table";
import { createTariff, deleteTariff, updateTariff } from "#test/tariffs";

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
