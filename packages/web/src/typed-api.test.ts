/**
 * The console speaks the API's types: every call goes through the typed client generated from
 * docs/openapi.json, and no request or response shape is written again in packages/web.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { Api } from "./api.js";

const SOURCE = dirname(fileURLToPath(import.meta.url));
const DOCUMENT = JSON.parse(readFileSync(join(SOURCE, "../../../docs/openapi.json"), "utf8")) as {
  paths: Record<string, unknown>;
  components: { schemas: Record<string, { properties?: Record<string, unknown>; allOf?: { properties?: Record<string, unknown> }[] }> };
};

/** The console's own modules (tests left out), parsed. */
function consoleSources(directory = SOURCE): ts.SourceFile[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return consoleSources(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) return [];
    return [ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true, entry.name.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS)];
  });
}

function nodesOf(file: ts.SourceFile): ts.Node[] {
  const nodes: ts.Node[] = [];
  const visit = (node: ts.Node) => {
    nodes.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return nodes;
}

const where = (file: ts.SourceFile, node: ts.Node) =>
  `${relative(SOURCE, file.fileName)}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

/** The first segments of the API's paths ("/full/", "/alerts"…): text starting with one names an endpoint. */
const API_PREFIXES = [...new Set(Object.keys(DOCUMENT.paths).map((path) => `/${path.split("/")[1]}`))];
const namesEndpoint = (text: string) => API_PREFIXES.some((prefix) => text === prefix || text.startsWith(`${prefix}/`) || text.startsWith(`${prefix}?`));

/** An endpoint named as text anywhere but as the path of a typed call (`….client.GET("/full/…")`). */
function untypedEndpoints(files: readonly ts.SourceFile[]): string[] {
  return files.flatMap((file) =>
    nodesOf(file).flatMap((node) => {
      const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateExpression(node) ? node.head.text : undefined;
      // A path as a type (`CallResult<"/full/sync", "post">`) is checked against the document too.
      if (text === undefined || !namesEndpoint(text) || ts.isLiteralTypeNode(node.parent)) return [];
      const call = node.parent;
      const typed =
        ts.isCallExpression(call) &&
        call.arguments[0] === node &&
        ts.isPropertyAccessExpression(call.expression) &&
        /^(GET|PUT|POST|DELETE|PATCH)$/.test(call.expression.name.text) &&
        /\bclient$/.test(call.expression.expression.getText(file));
      return typed ? [] : [`${where(file, node)} ${node.getText(file)}`];
    }),
  );
}

/** Every property name of each schema of the document. */
const SCHEMA_FIELDS = Object.entries(DOCUMENT.components.schemas).map(([name, schema]) => ({
  name,
  fields: new Set([...Object.keys(schema.properties ?? {}), ...(schema.allOf ?? []).flatMap((part) => Object.keys(part.properties ?? {}))]),
}));

/**
 * Object types written by hand (an interface, or a `{ … }` type anywhere) whose three or more
 * properties are all fields of one schema of the document: a copy of an API shape.
 */
function handWrittenApiShapes(files: readonly ts.SourceFile[]): string[] {
  return files.flatMap((file) =>
    nodesOf(file).flatMap((node) => {
      if (!ts.isInterfaceDeclaration(node) && !ts.isTypeLiteralNode(node)) return [];
      const names = node.members.flatMap((member) => (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? [member.name.text] : []));
      if (names.length < 3) return [];
      const copied = SCHEMA_FIELDS.find((schema) => names.every((name) => schema.fields.has(name)));
      return copied ? [`${where(file, node)} {${names.join(", ")}} copies ${copied.name}`] : [];
    }),
  );
}

const parse = (text: string) => [ts.createSourceFile(join(SOURCE, "screens/sample.tsx"), text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)];

describe("the console's API calls", () => {
  it("has no untyped way to the API: Api offers the typed client, the body of its answer, and that body unless unchanged (304), nothing else", () => {
    expect(Object.getOwnPropertyNames(Api.prototype).sort()).toEqual(["constructor", "data", "revalidated"]);
    // Besides the typed client, only the account its calls are about (a value, not a way to call).
    expect(Object.keys(new Api("http://127.0.0.1:3000", undefined, "111")).sort()).toEqual(["client", "seller"]);
    expect(typeof new Api("http://127.0.0.1:3000", undefined, "111").seller).toBe("string");
  });

  it("names every endpoint only as the path of a typed call", () => {
    expect(untypedEndpoints(consoleSources())).toEqual([]);
  });

  it("finds an endpoint called by a path string, or built into a URL", () => {
    const found = untypedEndpoints(
      parse(`
        api.client.GET("/full/inventory", { params: { query: { sort_by: sort } } });
        api.call("PUT", \`/full/tariffs/\${id}\`);
        fetch("/alerts?kind=stockout");
        const path = "/settings/geral";
      `),
    );
    expect(found).toEqual([
      "screens/sample.tsx:3 `/full/tariffs/${id}`",
      'screens/sample.tsx:4 "/alerts?kind=stockout"',
      'screens/sample.tsx:5 "/settings/geral"',
    ]);
  });
});

describe("the console's API types", () => {
  it("declares no copy of a request or response shape: they come from the generated types", () => {
    expect(handWrittenApiShapes(consoleSources())).toEqual([]);
  });

  it("finds a shape copied by hand, as an interface or inline", () => {
    const found = handWrittenApiShapes(
      parse(`
        interface Account { connected: boolean; nickname: string | null; site_id: string | null }
        api.data<{ warehouse: string | null; count: number; items: Row[] }>(call);
        interface Draft { route: Route; navigate: () => void; label: string }
        type Row = Schema<"LocalStockRow">;
      `),
    );
    expect(found).toEqual([
      "screens/sample.tsx:2 {connected, nickname, site_id} copies AccountResponse",
      "screens/sample.tsx:3 {warehouse, count, items} copies LocalStockResponse",
    ]);
  });
});
