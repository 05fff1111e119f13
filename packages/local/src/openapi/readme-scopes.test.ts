import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROUTES, routeKey, SCOPES, type Route } from "@fulfillment/functions/routes";
import { README_PATH, readmeScopeBlock, scopeTable, withScopeTable } from "./readme-scopes.js";

/** The README's scope table is the route table's: a route added without it fails here. */

describe("README scope table", () => {
  it("is what the route table gives (npm run openapi rewrites it)", () => {
    const readme = readFileSync(README_PATH, "utf8");
    expect(readmeScopeBlock(readme), "run npm run openapi").toBe(scopeTable(ROUTES));
  });

  it("names every route once, under its scope, or among those without an authorizer", () => {
    const table = scopeTable(ROUTES);
    for (const route of ROUTES) {
      const line = table.split("\n").filter((row) => row.includes(`\`${routeKey(route)}\`,`) || row.includes(`\`${routeKey(route)}\` |`) || row.includes(`\`${routeKey(route)}\`.`));
      expect(line, routeKey(route)).toHaveLength(1);
      expect(line[0]!.startsWith(route.auth === "none" ? "No authorizer" : `| \`${route.scope}\` |`), routeKey(route)).toBe(true);
    }
    expect(table).toContain("`GET /alerts/subscriptions`");
    expect(table).toContain("`GET /full/storage-costs`");
    expect(table).toContain("`GET /full/tariffs/history`");
    expect(table).toContain("`POST /settings/{group}/restore`");
  });

  it("changes when the route table does", () => {
    const added: Route = { seller: "shared", method: "GET", path: "/full/new-report", handler: "x.handler", envelope: "success", access: "read", scope: SCOPES[0] };
    const readme = readFileSync(README_PATH, "utf8");
    const rewritten = withScopeTable(readme, [...ROUTES, added]);
    expect(readmeScopeBlock(rewritten)).toContain("`GET /full/new-report`");
    expect(rewritten).not.toBe(readme);
    expect(withScopeTable(rewritten, ROUTES)).toBe(readme);
  });
});
