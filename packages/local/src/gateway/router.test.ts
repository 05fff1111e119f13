import { describe, expect, it } from "vitest";
import { createRouter } from "./router.js";

const route = createRouter();

describe("local router", () => {
  it("serves the literal /settings/defaults from its own route, never as a group", () => {
    const match = route("GET", "/settings/defaults");
    expect(match).toMatchObject({ kind: "route", route: { path: "/settings/defaults" }, pathParameters: {} });
  });

  it("passes other groups to the group route", () => {
    expect(route("GET", "/settings/core_ai")).toMatchObject({ kind: "route", route: { path: "/settings/{group}" }, pathParameters: { group: "core_ai" } });
  });

  it("a PUT to /settings/defaults reaches the group update (which refuses the unknown group)", () => {
    expect(route("PUT", "/settings/defaults")).toMatchObject({ kind: "route", route: { method: "PUT", path: "/settings/{group}" }, pathParameters: { group: "defaults" } });
  });

  it("decodes path parameters as API Gateway does", () => {
    expect(route("GET", "/full/inventory/MLB%201%C3%A7")).toMatchObject({ pathParameters: { ad_id: "MLB 1ç" } });
  });

  it("tells an unknown path from a known path with the wrong method", () => {
    expect(route("GET", "/full/unknown")).toEqual({ kind: "not-found" });
    expect(route("PATCH", "/full/tariffs/3")).toMatchObject({ kind: "method-not-allowed", allowed: ["PUT", "DELETE"] });
  });
});
