import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvText } from "./csv.js";

describe("csvText", () => {
  it("neutralises text cells that start like a formula and keeps numbers numeric", async () => {
    // Act
    const text = await csvText(["sku", "delta", "note"], [
      ["-3", -3, "=1+1"],
      ["+55", 1.5, "\r@x"],
      ["A-1", 0, null],
    ]);

    // Assess
    expect(text.split("\r\n")[1]).toBe("'-3,-3,'=1+1");
    expect(parse(text, { columns: true })).toEqual([
      { sku: "'-3", delta: "-3", note: "'=1+1" },
      { sku: "'+55", delta: "1.5", note: "'\r@x" },
      { sku: "A-1", delta: "0", note: "" },
    ]);
  });
});
