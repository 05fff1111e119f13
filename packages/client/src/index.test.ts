import { describe, expect, it } from "vitest";
import { fulfillmentClient } from "./index.js";

/** A fetch that records the request and answers as the service would for GET /full/tariffs. */
function recordingFetch() {
  const requests: Request[] = [];
  const fetch = async (input: Request): Promise<Response> => {
    requests.push(input);
    return Response.json({ tariffs: [] });
  };
  return { requests, fetch };
}

describe("fulfillmentClient", () => {
  it("sends the typed path and query, the token of the token source and the fixed headers", async () => {
    // Prepare
    const { requests, fetch } = recordingFetch();
    const api = fulfillmentClient({ baseUrl: "http://127.0.0.1:3000", token: async () => "t-1", fetch, headers: { "accept-language": "en" } });

    // Act
    const { data } = await api.GET("/full/tariffs", { params: { query: { at: "2026-12-01" } } });

    // Assess
    expect(data).toEqual({ tariffs: [] });
    expect(requests[0]!.url).toBe("http://127.0.0.1:3000/full/tariffs?at=2026-12-01");
    expect(requests[0]!.headers.get("authorization")).toBe("Bearer t-1");
    expect(requests[0]!.headers.get("accept-language")).toBe("en");
  });

  it("sends no authorization when the token source has none", async () => {
    const { requests, fetch } = recordingFetch();
    await fulfillmentClient({ baseUrl: "http://x", token: async () => null, fetch }).GET("/full/tariffs");
    expect(requests[0]!.headers.has("authorization")).toBe(false);
  });
});
