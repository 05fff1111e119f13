import { describe, expect, it } from "vitest";
import { acceptsCsvFirst, reportFormat } from "./representation.js";

describe("report format", () => {
  it("follows format=json|csv whatever the Accept header, in any case", () => {
    expect(reportFormat("csv", undefined)).toBe("csv");
    expect(reportFormat(" CSV ", "application/json")).toBe("csv");
    expect(reportFormat("json", "text/csv")).toBe("json");
  });

  it("without format, answers CSV only when Accept prefers text/csv to JSON", () => {
    expect(reportFormat(undefined, undefined)).toBe("json");
    expect(reportFormat("", "text/csv")).toBe("csv");
    expect(acceptsCsvFirst("text/csv")).toBe(true);
    expect(acceptsCsvFirst("text/csv, application/json")).toBe(true);
    expect(acceptsCsvFirst("Text/CSV; charset=utf-8")).toBe(true);
    expect(acceptsCsvFirst("text/*;q=0.8, application/json;q=0.5")).toBe(true);
    expect(acceptsCsvFirst("application/json, text/csv;q=0.9")).toBe(false);
    expect(acceptsCsvFirst("text/csv;q=0")).toBe(false);
    expect(acceptsCsvFirst("*/*")).toBe(false);
    expect(acceptsCsvFirst(undefined)).toBe(false);
  });
});
