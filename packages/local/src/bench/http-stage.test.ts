import { describe, expect, it } from "vitest";
import { httpRunSizes } from "./http-stage.js";

describe("npm run bench:http's sizes", () => {
  it("are 1,000 and 10,000 records unless BENCH_HTTP_RECORDS names others, each once, smallest first", () => {
    expect(httpRunSizes({})).toEqual([1_000, 10_000]);
    expect(httpRunSizes({ BENCH_HTTP_RECORDS: " " })).toEqual([1_000, 10_000]);
    expect(httpRunSizes({ BENCH_HTTP_RECORDS: "1000" })).toEqual([1_000]);
    expect(httpRunSizes({ BENCH_HTTP_RECORDS: "100000, 1000,1000" })).toEqual([1_000, 100_000]);
  });

  it("refuse anything but whole numbers of records, naming the value", () => {
    for (const given of ["1e3", "0", "-5", "1000,", "mil", "1000.5"]) {
      expect(() => httpRunSizes({ BENCH_HTTP_RECORDS: given })).toThrow(/BENCH_HTTP_RECORDS lists sizes in records, comma-separated \(e\.g\. 1000,10000\): ".*" is not one/);
    }
  });
});
