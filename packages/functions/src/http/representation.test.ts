import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { acceptsCsvFirst, reportFormat } from "./representation.js";

describe("report format", () => {
  it("follows format=json|csv whatever the Accept header, in any case", () => {
    expect(reportFormat({ format: "csv" }, {})).toBe("csv");
    expect(reportFormat({ format: " CSV " }, { accept: "application/json" })).toBe("csv");
    expect(reportFormat({ format: "json" }, { accept: "text/csv" })).toBe("json");
  });

  it("refuses any other format, naming it", () => {
    expect(() => reportFormat({ format: "xlsx" }, {})).toThrow(new InvalidInputError('format must be json or csv, not "xlsx"'));
  });

  it("without format, answers CSV only when Accept prefers text/csv to JSON", () => {
    expect(reportFormat({}, {})).toBe("json");
    expect(reportFormat({ format: "" }, { accept: "text/csv" })).toBe("csv");
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
