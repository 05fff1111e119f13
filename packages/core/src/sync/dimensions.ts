import { roundHalfUp } from "../rounding.js";

export interface ItemAttribute {
  id?: string | null;
  value_name?: string | null;
  value_struct?: { number?: number | null; unit?: string | null } | null;
}

/** The fields of a marketplace item that carry package dimensions. */
export interface ItemDimensionsSource {
  attributes?: readonly ItemAttribute[] | null;
  shipping?: { dimensions?: string | null } | null;
}

export interface PackageDimensions {
  length_mm: number;
  width_mm: number;
  height_mm: number;
}

const MM_PER_UNIT: Record<string, number> = {
  mm: 1,
  cm: 10,
  dm: 100,
  m: 1000,
  in: 25.4,
  '"': 25.4,
};

/** A length in mm; the documented unit (cm) applies when none is written. Undefined when unreadable or not positive. */
export function lengthToMm(value: number | string, unit?: string | null): number | undefined {
  let amount: number;
  let unitText = unit?.trim().toLowerCase() || "";
  if (typeof value === "number") {
    amount = value;
  } else {
    // Brazilian pages write "10,5 cm".
    const match = /^\s*(-?\d+(?:[.,]\d+)?)\s*([a-z"]*)\s*$/i.exec(value);
    if (!match) return undefined;
    amount = Number(match[1]!.replace(",", "."));
    if (match[2]) unitText = match[2].toLowerCase();
  }
  const factor = MM_PER_UNIT[unitText || "cm"];
  if (factor === undefined || !Number.isFinite(amount) || amount <= 0) return undefined;
  return roundHalfUp(amount * factor, 3);
}

function attributeMm(attributes: readonly ItemAttribute[], id: string): number | undefined {
  const attribute = attributes.find((candidate) => candidate.id === id);
  if (!attribute) return undefined;
  const struct = attribute.value_struct;
  if (struct && typeof struct.number === "number") {
    const fromStruct = lengthToMm(struct.number, struct.unit);
    if (fromStruct !== undefined) return fromStruct;
  }
  return typeof attribute.value_name === "string" ? lengthToMm(attribute.value_name) : undefined;
}

function fromAttributes(attributes: readonly ItemAttribute[] | null | undefined): PackageDimensions | null {
  if (!attributes?.length) return null;
  const height = attributeMm(attributes, "SELLER_PACKAGE_HEIGHT");
  const width = attributeMm(attributes, "SELLER_PACKAGE_WIDTH");
  const length = attributeMm(attributes, "SELLER_PACKAGE_LENGTH");
  if (height === undefined || width === undefined || length === undefined) return null;
  return { length_mm: length, width_mm: width, height_mm: height };
}

/** `shipping.dimensions` as "HxWxL,weight": height × width × length in cm, weight in grams. */
function fromShipping(dimensions: string | null | undefined): PackageDimensions | null {
  if (typeof dimensions !== "string") return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:,\s*\d+(?:\.\d+)?\s*)?$/i.exec(dimensions);
  if (!match) return null;
  const [height, width, length] = [match[1]!, match[2]!, match[3]!].map((text) => lengthToMm(Number(text), "cm"));
  if (height === undefined || width === undefined || length === undefined) return null;
  return { length_mm: length, width_mm: width, height_mm: height };
}

/** Package dimensions in mm: the SELLER_PACKAGE_* attributes when all three read, else `shipping.dimensions`; null when neither does. */
export function packageDimensions(item: ItemDimensionsSource): PackageDimensions | null {
  return fromAttributes(item.attributes) ?? fromShipping(item.shipping?.dimensions);
}
