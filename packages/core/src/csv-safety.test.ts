import { describe, expect, it } from "vitest";
import { safeCsvText, startsLikeFormula } from "./csv-safety.js";

describe("safeCsvText", () => {
  it("quotes every text a spreadsheet would run as a formula: =, +, -, @, tab, carriage return", () => {
    expect(safeCsvText('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(safeCsvText("+55 11")).toBe("'+55 11");
    expect(safeCsvText("-3")).toBe("'-3");
    expect(safeCsvText("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(safeCsvText("\t=1+1")).toBe("'\t=1+1");
    expect(safeCsvText("\r=1+1")).toBe("'\r=1+1");
  });

  it("leaves any other text as it is, also when such a character comes later", () => {
    for (const text of ["", "SKU-1", "Mangueira 20 m", " =1", "a=b", "'=already quoted", "2026-11-21"]) {
      expect(safeCsvText(text)).toBe(text);
      expect(startsLikeFormula(text)).toBe(false);
    }
  });
});
