/**
 * The TypeScript types of the API for packages/client, generated from the OpenAPI document with
 * openapi-typescript: `npm run openapi` writes them beside the document, and a test keeps both current.
 */
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";

export const CLIENT_TYPES_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../../client/src/openapi.ts");

const HEADER = `/**
 * Types of the fulfillment API, generated from docs/openapi.json by openapi-typescript
 * (\`npm run openapi\`). Do not edit: change the contract (packages/functions/src/contract) and regenerate.
 */
`;

/** The types module of a rendered OpenAPI document. */
export async function generateClientTypes(documentText: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(documentText) as never, { alphabetize: true });
  return `${HEADER}${astToString(ast)}`;
}
