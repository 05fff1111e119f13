import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { ROUTES } from "@fulfillment/functions/routes";
import { createRouter } from "@fulfillment/local/gateway/router";

/** The committed document; the openapi tests keep it equal to what the code generates. */
export const OPENAPI_PATH = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

const DOCUMENT_ID = "urn:fulfillment:openapi";

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
}

let compiler: { ajv: Ajv2020; document: Document } | undefined;
const validators = new Map<string, ValidateFunction>();
const route = createRouter(ROUTES);

/** One Ajv instance holding the whole document, so `#/components/...` references resolve. */
function documentCompiler(): { ajv: Ajv2020; document: Document } {
  if (!compiler) {
    const document = JSON.parse(readFileSync(OPENAPI_PATH, "utf8")) as Document;
    // strict off: the document carries OpenAPI keywords (paths, examples maps) Ajv does not know.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    formats.default(ajv);
    ajv.addSchema({ ...document, $id: DOCUMENT_ID });
    compiler = { ajv, document };
  }
  return compiler;
}

const escape = (segment: string): string => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** The validator of a JSON Pointer into the document, compiled once. */
export function documentValidator(...segments: string[]): ValidateFunction {
  const pointer = segments.map(escape).join("/");
  let validate = validators.get(pointer);
  if (!validate) {
    validate = documentCompiler().ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

const describeErrors = (errors: ErrorObject[] | null | undefined): string =>
  (errors ?? [])
    .slice(0, 10)
    .map((e) => `  ${e.instancePath || "(body)"} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ""}`)
    .join("\n");

/**
 * Checks a handler's answer against the document: the status must be documented for the route,
 * with the answer's media type, and a JSON body must match its schema. Paths that match no route of the table are not checked.
 */
export function checkDocumentedResponse(method: string, path: string, statusCode: number, body: unknown, mediaType = "application/json"): void {
  const match = route(method, path.split("?")[0]!);
  if (match.kind !== "route") return;
  const template = match.route.path;
  const operation = documentCompiler().document.paths[template]?.[method.toLowerCase()];
  const where = `${method} ${path} (${method} ${template})`;
  if (!operation) throw new Error(`${where} is not in docs/openapi.json`);
  const response = operation.responses[String(statusCode)];
  if (!response) throw new Error(`${where} answered ${statusCode}, a status docs/openapi.json does not document for it`);
  if (mediaType !== "application/json") {
    if (!response.content?.[mediaType]) throw new Error(`${where} answered ${statusCode} as ${mediaType}, a media type docs/openapi.json does not document for it`);
    return;
  }
  if (!response.content?.["application/json"]) return;
  const validate = documentValidator("paths", template, method.toLowerCase(), "responses", String(statusCode), "content", "application/json", "schema");
  if (!validate(body)) {
    throw new Error(`${where} answered ${statusCode} with a body that does not match docs/openapi.json:\n${describeErrors(validate.errors)}`);
  }
}
