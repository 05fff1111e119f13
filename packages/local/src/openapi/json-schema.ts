/**
 * The contract's zod schemas (packages/functions/src/contract/<flow>.ts) as JSON Schema,
 * draft 2020-12, the dialect of OpenAPI 3.1. Requests are documented by their input side (what a
 * client sends, before defaults and conversions); answers by their output side.
 */
import * as z from "zod/mini";
import { contractRegistry } from "@fulfillment/functions/contract/schema";
import { ENDPOINTS } from "@fulfillment/functions/contract/endpoints";

export type JsonSchema = Record<string, unknown>;

type Def = { type: string; in?: z.ZodMiniType; out?: z.ZodMiniType; innerType?: z.ZodMiniType };
const defOf = (schema: z.ZodMiniType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The schema a request body is documented by: a pipe that first reads the body leniently (a
 * transform) is documented by what follows it, and an optional body by what it holds.
 */
export function documentedBody(schema: z.ZodMiniType): z.ZodMiniType {
  const def = defOf(schema);
  if (def.type === "pipe" && def.in && defOf(def.in).type === "transform") return documentedBody(def.out!);
  if (def.type === "optional") return documentedBody(def.innerType!);
  return schema;
}

/** Request bodies are converted as input; every other named schema is a response. */
const requestSchemaIds = (): Set<string | undefined> =>
  new Set([...ENDPOINTS.values()].flatMap((endpoint) => (endpoint.parts.body ? [contractRegistry.get(documentedBody(endpoint.parts.body))?.id] : [])));

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

/**
 * Drops what zod adds that only repeats the type (an unbounded integer's safe-integer bounds, the
 * patterns of formats), and names an integer's width from its bounds: int32 when they fit it.
 */
function withoutNoise({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER && jsonSchema.maximum === Number.MAX_SAFE_INTEGER) {
    delete jsonSchema.minimum;
    delete jsonSchema.maximum;
  }
  if (jsonSchema.type === "integer" && typeof jsonSchema.minimum === "number" && typeof jsonSchema.maximum === "number") {
    jsonSchema.format = jsonSchema.minimum >= INT32.min && jsonSchema.maximum <= INT32.max ? "int32" : "int64";
  }
  // The format says it; zod's long equivalent pattern adds nothing for a reader.
  if (jsonSchema.format === "date" || jsonSchema.format === "date-time") delete jsonSchema.pattern;
}

const strip = ({ $schema: _schema, $id: _id, ...rest }: JsonSchema): JsonSchema => rest;

const options = (io: "input" | "output", refBase: string) => ({
  io,
  metadata: contractRegistry,
  uri: (id: string) => `${refBase}${id}`,
  override: withoutNoise as (ctx: { jsonSchema: object }) => void,
});

/**
 * Every named schema as JSON Schema, by id; the named schemas it uses are `$ref`s to `refBase + id`.
 */
export function componentSchemas(refBase: string): Record<string, JsonSchema> {
  const convert = (io: "input" | "output") => z.toJSONSchema(contractRegistry, options(io, refBase)).schemas as Record<string, JsonSchema>;
  const [input, output] = [convert("input"), convert("output")];
  if ("__shared" in output || "__shared" in input) throw new Error("A contract schema is recursive: name the schema that repeats");
  const requests = requestSchemaIds();
  return Object.fromEntries(Object.keys(output).map((id) => [id, strip(requests.has(id) ? input[id]! : output[id]!)]));
}

/** A contract schema as JSON Schema: a `$ref` for a named one, else inline (parameters, which use no named schema). */
export function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output", refBase: string): JsonSchema {
  const id = contractRegistry.get(schema)?.id;
  if (id) return { $ref: `${refBase}${id}` };
  const json = strip(z.toJSONSchema(schema, options(io, refBase)) as JsonSchema);
  if ("$defs" in json) throw new Error("An inline contract schema uses a named schema: reference it by name");
  return json;
}
