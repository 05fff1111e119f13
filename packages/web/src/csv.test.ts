import { describe, expect, it } from "vitest";
import { csvCell, fieldColumns, toCsv } from "./csv.js";

describe("csvCell", () => {
  it("writes decimals with a comma and empty cells for null", () => {
    expect(csvCell(1234.56)).toBe("1234,56");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
  });

  it("quotes text holding the delimiter, quotes or line breaks", () => {
    expect(csvCell("Mangueira; 20 m")).toBe('"Mangueira; 20 m"');
    expect(csvCell('Vaso "grande"')).toBe('"Vaso ""grande"""');
    expect(csvCell("a\nb")).toBe('"a\nb"');
    expect(csvCell("simples")).toBe("simples");
  });

  it("keeps text that starts like a formula from running as one", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+55")).toBe("'+55");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell("-3")).toBe("'-3");
    expect(csvCell("\t=1+1")).toBe("'\t=1+1");
    // A number is not text: it stays a number the spreadsheet can add up.
    expect(csvCell(-3)).toBe("-3");
  });
});

describe("toCsv", () => {
  it("writes a BOM, the header and one CRLF line per row", () => {
    const rows = [
      { sku: "A-1", qty: 3, cost: 1.5 },
      { sku: "B;2", qty: 0, cost: null },
    ];
    expect(toCsv(fieldColumns<(typeof rows)[number]>(["sku", "qty", "cost"]), rows)).toBe(
      '\uFEFFsku;qty;cost\r\nA-1;3;1,5\r\n"B;2";0;\r\n',
    );
  });

  it("writes only the header for no rows", () => {
    expect(toCsv([{ header: "sku", value: (row: { sku: string }) => row.sku }], [])).toBe("\uFEFFsku\r\n");
  });
});
