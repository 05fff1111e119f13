/**
 * Writes the bundled demo dataset to packages/local/demo/dataset.json.
 * Usage: npx tsx packages/local/src/demo/write.ts [YYYY-MM-DD] [seed]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateDemoDataset, type DemoDataset } from "./generate.js";

export const DATASET_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../demo/dataset.json");

/** One record per line: compact, yet readable and diff-friendly. */
export function formatDataset(dataset: DemoDataset): string {
  const sections = Object.entries(dataset).map(
    ([key, records]: [string, unknown[]]) =>
      `${JSON.stringify(key)}: [\n${records.map((record) => `  ${JSON.stringify(record)}`).join(",\n")}\n]`,
  );
  return `{\n${sections.join(",\n")}\n}\n`;
}

const [today, seed] = process.argv.slice(2);
const dataset = generateDemoDataset({
  ...(today ? { today } : {}),
  ...(seed ? { seed: Number(seed) } : {}),
});
mkdirSync(dirname(DATASET_PATH), { recursive: true });
writeFileSync(DATASET_PATH, formatDataset(dataset));
console.log(
  `${DATASET_PATH}: ${Object.entries(dataset)
    .map(([key, records]) => `${key}=${(records as unknown[]).length}`)
    .join(" ")}`,
);
