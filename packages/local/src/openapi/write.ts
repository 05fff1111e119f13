/**
 * Writes the OpenAPI document to docs/openapi.json (`npm run openapi`).
 * With --check it writes nothing and exits 1 when the file differs from the generated document.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { generateOpenApi, renderOpenApi } from "./generate.js";

export const OPENAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../docs/openapi.json");

const document = generateOpenApi();
const text = renderOpenApi(document);
if (process.argv.includes("--check")) {
  let current = "";
  try {
    current = readFileSync(OPENAPI_PATH, "utf8");
  } catch {
    // A missing file differs.
  }
  if (current !== text) {
    console.error(`${OPENAPI_PATH} is out of date: run npm run openapi`);
    process.exit(1);
  }
  console.log(`${OPENAPI_PATH} is up to date`);
} else {
  writeFileSync(OPENAPI_PATH, text);
  console.log(`${OPENAPI_PATH}: ${Object.keys(document.paths).length} paths, ${Buffer.byteLength(text)} bytes`);
}
