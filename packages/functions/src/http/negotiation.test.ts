import { describe, expect, it } from "vitest";
import { negotiate } from "./negotiation.js";
import { reportFormat } from "./representation.js";

describe("content negotiation", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["identity", []],
    ["gzip", ["gzip"]],
    ["br", ["br"]],
    ["GZIP, BR", ["gzip", "br"]],
    ["gzip, deflate, br, zstd", ["gzip", "br"]],
    ["gzip;q=0.5, br", ["br", "gzip"]],
    ["gzip;q=0", []],
    ["gzip;q=0, br;q=0.1", ["br"]],
    ["*", ["gzip", "br"]],
    ["*;q=0", []],
    ["gzip;q=0, *", ["br"]],
    ["identity;q=0, gzip", ["gzip"]],
  ])("Accept-Encoding %j allows the codings %j, best first", (header, expected) => {
    expect(negotiate({ "accept-encoding": header }).encodings).toEqual(expected);
  });

  it.each([
    [undefined, "json"],
    ["*/*", "json"],
    ["application/json", "json"],
    ["text/csv", "csv"],
    ["text/csv, application/json", "csv"],
    ["Text/CSV; charset=utf-8", "csv"],
    ["text/*;q=0.8, application/json;q=0.5", "csv"],
    ["application/json, text/csv;q=0.9", "json"],
    ["text/csv;q=0", "json"],
    ["image/png", "json"],
  ])("Accept %j prefers %s", (header, expected) => {
    expect(negotiate({ accept: header }).representation).toBe(expected);
  });

  it.each([
    [undefined, "pt-BR"],
    ["en", "en"],
    ["en-US,en;q=0.9", "en"],
    ["pt-BR,pt;q=0.9,en;q=0.8", "pt-BR"],
    ["fr", "pt-BR"],
  ])("Accept-Language %j writes texts in %s", (header, expected) => {
    expect(negotiate({ "accept-language": header }).locale).toBe(expected);
  });
});

describe("report format", () => {
  it("follows format=json|csv whatever Accept prefers, in any case", () => {
    expect(reportFormat("csv", "json")).toBe("csv");
    expect(reportFormat(" CSV ", "json")).toBe("csv");
    expect(reportFormat("json", "csv")).toBe("json");
  });

  it("without format, answers what Accept prefers", () => {
    expect(reportFormat(undefined, "json")).toBe("json");
    expect(reportFormat("", "csv")).toBe("csv");
  });
});

describe("the language of the texts", () => {
  it.each([
    ["pt", "pt-BR"],
    ["pt-PT", "pt-BR"],
    ["*", "pt-BR"],
    ["en;q=0", "pt-BR"],
    ["EN-us", "en"],
    ["en-GB", "en"],
    ["pt-BR;q=0.5, en;q=0.8", "en"],
    ["en;q=0.5, pt-BR;q=0.8", "pt-BR"],
    ["de, en;q=0.1", "en"],
    ["es-AR, es;q=0.9", "pt-BR"],
  ])("Accept-Language %j writes texts in %s", (header, expected) => {
    expect(negotiate({ "accept-language": header }).locale).toBe(expected);
  });
});
