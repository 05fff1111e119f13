import { describe, expect, it } from "vitest";
import { callsByResource } from "./sync-disk.js";

describe("the sync bench's count of marketplace calls", () => {
  it("groups calls by resource without ids or query, and counts a call that asks exactly what an earlier one asked", () => {
    const counts = callsByResource([
      { method: "GET", path: "/inventories/ABC123/stock/fulfillment" },
      { method: "GET", path: "/inventories/XYZ987/stock/fulfillment" },
      { method: "GET", path: "/inventories/ABC123/stock/fulfillment" },
      { method: "GET", path: "/items?ids=MLB1,MLB2" },
      { method: "GET", path: "/users/42/items/search?offset=0" },
      { method: "GET", path: "/users/42/items/search?offset=50" },
    ]);

    expect(counts).toEqual({
      "GET /inventories/:id/stock/fulfillment": { calls: 3, repeated: 1 },
      "GET /items": { calls: 1, repeated: 0 },
      "GET /users/:id/items/search": { calls: 2, repeated: 0 },
    });
  });
});
