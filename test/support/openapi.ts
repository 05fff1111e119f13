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

export interface DocumentedRequest {
  method: string;
  /** The path as sent, with its query string if any. */
  path: string;
  headers?: Record<string, string>;
  /** A JSON body (undefined: none). */
  body?: unknown;
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
}

type Operation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content: Record<string, unknown> } };

/**
 * What docs/openapi.json says is wrong with a request, as a list of sentences (empty: the request
 * is valid). Parameter values are text on the wire: a value is valid when the text, or the number or
 * boolean it spells, matches the parameter's schema, as OpenAPI validators coerce them.
 */
export function documentedRequestViolations(request: DocumentedRequest): string[] {
  const url = new URL(request.path, "http://localhost");
  const match = route(request.method, url.pathname);
  if (match.kind !== "route") return [`${request.method} ${url.pathname} matches no route`];
  const template = match.route.path;
  const method = request.method.toLowerCase();
  const operation = documentCompiler().document.paths[template]?.[method] as Operation | undefined;
  if (!operation) return [`${request.method} ${template} is not in docs/openapi.json`];
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const pathValues = pathParametersOf(template, url.pathname);
  const violations: string[] = [];
  (operation.parameters ?? []).forEach((parameter, index) => {
    const value =
      parameter.in === "path" ? pathValues[parameter.name] : parameter.in === "query" ? (url.searchParams.get(parameter.name) ?? undefined) : headers[parameter.name.toLowerCase()];
    if (value === undefined) {
      if (parameter.required) violations.push(`${parameter.in} parameter ${parameter.name} is required`);
      return;
    }
    const validate = documentValidator("paths", template, method, "parameters", String(index), "schema");
    const spelled = [value, ...(/^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? [Number(value)] : []), ...(value === "true" || value === "false" ? [value === "true"] : [])];
    if (!spelled.some((candidate) => validate(candidate))) violations.push(`${parameter.in} parameter ${parameter.name}=${JSON.stringify(value)}:\n${describeErrors(validate.errors)}`);
  });
  if (request.body === undefined) {
    if (operation.requestBody?.required) violations.push("the body is required");
  } else if (!operation.requestBody?.content["application/json"]) {
    violations.push("the operation takes no JSON body");
  } else {
    const validate = documentValidator("paths", template, method, "requestBody", "content", "application/json", "schema");
    if (!validate(request.body)) violations.push(`body:\n${describeErrors(validate.errors)}`);
  }
  return violations;
}

function pathParametersOf(template: string, path: string): Record<string, string> {
  const names = template.split("/");
  const values = path.split("/");
  return Object.fromEntries(names.flatMap((name, i) => (name.startsWith("{") ? [[name.slice(1, -1), decodeURIComponent(values[i] ?? "")]] : [])));
}
