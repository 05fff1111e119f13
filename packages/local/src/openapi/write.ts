/**
 * Writes the OpenAPI document to docs/openapi.json, the client's types generated from it to
 * packages/client/src/openapi.ts and the README's scope table (`npm run openapi`). With --check it
 * writes nothing and exits 1 when any of them differs from what the code generates.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CLIENT_TYPES_PATH, generateClientTypes } from "./client-types.js";
import { generateOpenApi, renderOpenApi } from "./generate.js";
import { README_PATH, writeReadmeScopes } from "./readme-scopes.js";
import { ROUTES } from "@fulfillment/functions/routes";

export const OPENAPI_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../docs/openapi.json");

const document = generateOpenApi();
const text = renderOpenApi(document);
const types = await generateClientTypes(text);
const current = (path: string): string => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // A missing file differs.
  }
};

if (process.argv.includes("--check")) {
  const stale = [OPENAPI_PATH, CLIENT_TYPES_PATH].filter((path, i) => current(path) !== [text, types][i]);
  if (!writeReadmeScopes(ROUTES, true)) stale.push(README_PATH);
  for (const path of stale) console.error(`${path} is out of date: run npm run openapi`);
  if (stale.length > 0) process.exit(1);
  console.log(`${OPENAPI_PATH}, ${CLIENT_TYPES_PATH} and the scope table of ${README_PATH} are up to date`);
} else {
  writeFileSync(OPENAPI_PATH, text);
  writeFileSync(CLIENT_TYPES_PATH, types);
  writeReadmeScopes(ROUTES, false);
  console.log(`${OPENAPI_PATH}: ${Object.keys(document.paths).length} paths, ${Buffer.byteLength(text)} bytes; ${CLIENT_TYPES_PATH}: ${types.split("\n").length} lines; ${README_PATH}: scope table`);
}
