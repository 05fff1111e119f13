import { readFileSync } from "node:fs";
import SwaggerParser from "@apidevtools/swagger-parser";
import { ROUTES, routeKey, SCOPES } from "@fulfillment/functions/routes";
import { describe, expect, it } from "vitest";
import { OPENAPI_PATH, documentValidator } from "#test/openapi";
import { CLIENT_TYPES_PATH, generateClientTypes } from "./client-types.js";
import { generateOpenApi, renderOpenApi, type OpenApiDocument } from "./generate.js";

const generated = generateOpenApi();
const committed = readFileSync(OPENAPI_PATH, "utf8");

type Operation = {
  requestBody?: { content: Record<string, { examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content: Record<string, { examples?: Record<string, { value: unknown }> }> }>;
};

const operations = (document: OpenApiDocument): [string, string, Operation][] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, string, Operation] => [path, method, operation as Operation]),
  );

describe("OpenAPI document", () => {
  it("docs/openapi.json is what the code generates (run npm run openapi after changing a route or the contract)", () => {
    // Act
    const text = renderOpenApi(generateOpenApi());

    // Assess
    expect(committed === text, "docs/openapi.json is out of date: run npm run openapi").toBe(true);
  });

  it("packages/client/src/openapi.ts holds the types openapi-typescript generates from it (run npm run openapi after changing the contract)", async () => {
    // Act
    const types = await generateClientTypes(renderOpenApi(generateOpenApi()));

    // Assess
    expect(readFileSync(CLIENT_TYPES_PATH, "utf8") === types, "packages/client/src/openapi.ts is out of date: run npm run openapi").toBe(true);
  });

  it("is the same on every run", () => {
    expect(renderOpenApi(generateOpenApi())).toBe(renderOpenApi(generated));
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    // Act
    const api = await SwaggerParser.validate(structuredClone(generated) as never);

    // Assess
    expect((api as { openapi: string }).openapi).toBe("3.1.0");
  });

  it("has exactly the paths and methods of the route table", () => {
    // Act
    const documented = operations(generated).map(([path, method]) => `${method.toUpperCase()} ${path}`);

    // Assess
    expect(documented.sort()).toEqual(ROUTES.map(routeKey).sort());
  });

  it("documents 406, 413 and 500 on every route, and each error in its family's envelope", () => {
    for (const route of ROUTES) {
      // Prepare
      const operation = generated.paths[route.path]![route.method.toLowerCase()] as Operation;
      const envelope = { error: "ErrorBody", has_data: "HasDataErrorBody", success: "SuccessErrorBody" }[route.envelope];

      // Assess
      expect(Object.keys(operation.responses), routeKey(route)).toEqual(expect.arrayContaining(["406", "413", "500"]));
      for (const [status, response] of Object.entries(operation.responses)) {
        // 401 is the authorizer's, before any function runs: API Gateway's own body.
        if (Number(status) < 400 || status === "401") continue;
        expect((response.content["application/json"] as { schema: unknown }).schema, `${routeKey(route)} ${status}`).toEqual({
          $ref: `#/components/schemas/${envelope}`,
        });
      }
    }
  });

  it("declares the sync conflict and the deployed API's OAuth 2 sign-in: both flows, the three scopes, HTTPS servers only", () => {
    expect(Object.keys(generated.paths["/full/sync"]!.post!.responses as object)).toContain("409");
    const schemes = generated.components.securitySchemes as Record<string, any>;
    expect(Object.keys(schemes)).toEqual(["cognito"]);
    expect(schemes.cognito.type).toBe("oauth2");
    for (const flow of ["authorizationCode", "clientCredentials"]) {
      expect(Object.keys(schemes.cognito.flows[flow].scopes), flow).toEqual([...SCOPES]);
      expect(schemes.cognito.flows[flow].tokenUrl, flow).toMatch(/^https:\/\/.+\/oauth2\/token$/);
    }
    expect(schemes.cognito.flows.authorizationCode.authorizationUrl).toMatch(/^https:\/\/.+\/oauth2\/authorize$/);
    expect((generated.servers as { url: string }[]).map((server) => server.url)).toEqual(["https://{apiId}.execute-api.{region}.amazonaws.com"]);
    expect(generated["x-local-server"]).toMatchObject({ url: "http://127.0.0.1:3000" });
  });

  it("names on every operation the one scope its route needs, and no anonymous alternative", () => {
    for (const route of ROUTES) {
      const operation = generated.paths[route.path]![route.method.toLowerCase()] as Record<string, any>;
      expect(operation.security, routeKey(route)).toEqual(route.auth === "none" ? [] : [{ cognito: [route.scope] }]);
    }
    expect(JSON.stringify(generated.security)).not.toContain("{}");
    expect(generated.paths["/marketplace/notifications"]!.post!.security).toEqual([]);
  });

  it("declares the OAuth callback public, its page HTML, and the connect route's redirect behind the account routes' auth", () => {
    const callback = generated.paths["/marketplace/callback"]!.get as Record<string, any>;
    expect(callback.security).toEqual([]);
    expect(Object.keys(callback.responses[200].content)).toEqual(["text/html"]);
    const connect = generated.paths["/marketplace/connect"]!.get as Record<string, any>;
    const account = generated.paths["/marketplace/account"]!.get as Record<string, any>;
    expect(connect.security).toEqual(account.security);
    expect(connect.security).not.toEqual([]);
    expect(connect.responses[302].headers.Location).toBeDefined();
  });

  it("takes import bodies as JSON or CSV, up to the import size limit", () => {
    for (const path of ["/full/local-stock/{warehouse}", "/full/costs", "/full/sales"]) {
      const put = generated.paths[path]!.put as Record<string, any>;
      expect(Object.keys(put.requestBody.content).sort(), path).toEqual(["application/json", "text/csv"]);
      expect(put.responses[413].description, path).toContain(String(3 * 1024 * 1024));
    }
  });

  it("has examples that match their schemas", () => {
    let checked = 0;
    for (const [path, method, operation] of operations(generated)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        // The OAuth callback's page is HTML, a 304 has no body: no JSON schema to hold an example to.
        if (!response.content?.["application/json"]) continue;
        const validate = documentValidator("paths", path, method, "responses", status, "content", "application/json", "schema");
        for (const [name, example] of Object.entries(response.content["application/json"]?.examples ?? {})) {
          // Act
          const valid = validate(example.value);

          // Assess
          expect(valid, `${method} ${path} ${status} example ${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
          checked++;
        }
      }
      for (const [name, example] of Object.entries(operation.requestBody?.content["application/json"]?.examples ?? {})) {
        const validate = documentValidator("paths", path, method, "requestBody", "content", "application/json", "schema");
        expect(validate(example.value), `${method} ${path} request example ${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});
