import { describe, expect, it } from "vitest";
import { lengthToMm, packageDimensions } from "./dimensions.js";

const attrs = (height: unknown, width: unknown, length: unknown) => [
  { id: "SELLER_PACKAGE_HEIGHT", ...(height as object) },
  { id: "SELLER_PACKAGE_WIDTH", ...(width as object) },
  { id: "SELLER_PACKAGE_LENGTH", ...(length as object) },
  { id: "SELLER_PACKAGE_WEIGHT", value_name: "700 g" },
];

describe("packageDimensions", () => {
  it("reads value_name text in cm, mm and m", () => {
    const item = { attributes: attrs({ value_name: "10 cm" }, { value_name: "100 mm" }, { value_name: "0.25 m" }) };

    expect(packageDimensions(item)).toEqual({ height_mm: 100, width_mm: 100, length_mm: 250 });
  });

  it("reads value_struct number and unit, preferring it to the text", () => {
    const item = {
      attributes: attrs(
        { value_name: "ignored", value_struct: { number: 12.5, unit: "cm" } },
        { value_struct: { number: 80, unit: "mm" } },
        { value_name: "30,5 cm" },
      ),
    };

    expect(packageDimensions(item)).toEqual({ height_mm: 125, width_mm: 80, length_mm: 305 });
  });

  it("prefers the attributes to shipping.dimensions", () => {
    const item = {
      attributes: attrs({ value_name: "1 cm" }, { value_name: "2 cm" }, { value_name: "3 cm" }),
      shipping: { dimensions: "10x10x20,700" },
    };

    expect(packageDimensions(item)).toEqual({ height_mm: 10, width_mm: 20, length_mm: 30 });
  });

  it("falls back to shipping.dimensions HxWxL,weight in cm when an attribute is missing", () => {
    const item = {
      attributes: [{ id: "SELLER_PACKAGE_HEIGHT", value_name: "5 cm" }],
      shipping: { dimensions: "10x15x20,700" },
    };

    expect(packageDimensions(item)).toEqual({ height_mm: 100, width_mm: 150, length_mm: 200 });
    expect(packageDimensions({ shipping: { dimensions: "10.5x1x2" } })).toEqual({ height_mm: 105, width_mm: 10, length_mm: 20 });
  });

  it("is null when neither source reads", () => {
    expect(packageDimensions({})).toBeNull();
    expect(packageDimensions({ shipping: { dimensions: "" } })).toBeNull();
    expect(packageDimensions({ shipping: { dimensions: null } })).toBeNull();
    expect(packageDimensions({ shipping: { dimensions: "10x0x20,700" } })).toBeNull();
    expect(packageDimensions({ attributes: attrs({ value_name: "ten cm" }, { value_name: "2 cm" }, { value_name: "3 cm" }) })).toBeNull();
  });
});

describe("lengthToMm", () => {
  it("assumes cm without a unit and rejects unknown units", () => {
    expect(lengthToMm("7")).toBe(70);
    expect(lengthToMm(1.1, "cm")).toBe(11);
    expect(lengthToMm("2 in")).toBe(50.8);
    expect(lengthToMm("3 furlongs")).toBeUndefined();
    expect(lengthToMm(-1, "cm")).toBeUndefined();
  });
});
