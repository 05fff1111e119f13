import { describe, expect, it } from "vitest";
import { acceptedEncodings } from "./accept-encoding.js";

describe("acceptedEncodings", () => {
  it.each([
    [undefined, []],
    ["", []],
    ["identity", []],
    ["gzip", ["gzip"]],
    ["x-gzip", ["gzip"]],
    ["br", ["br"]],
    ["GZIP, BR", ["gzip", "br"]],
    ["gzip, deflate, br, zstd", ["gzip", "br"]],
    ["gzip;q=0.5, br", ["br", "gzip"]],
    ["br;q=0.9, gzip;q=0.8", ["br", "gzip"]],
    ["gzip ; q=1.0, br ; q=0.999", ["gzip", "br"]],
    ["gzip;q=0", []],
    ["gzip;q=0, br;q=0.1", ["br"]],
    ["*", ["gzip", "br"]],
    ["*;q=0", []],
    ["*;q=0, identity", []],
    ["*;q=0, br", ["br"]],
    ["gzip;q=0, *", ["br"]],
    ["br;q=0.2, *;q=0.5", ["gzip", "br"]],
    ["identity;q=0, gzip", ["gzip"]],
    ["gzip;q=2, br", ["br"]],
    ["gzip;q=abc, br;q=0.3", ["br"]],
    ["gzip;level=1;q=0.4, br;q=0.3", ["gzip", "br"]],
    [" , ;q=1, gzip", ["gzip"]],
  ])("%j allows %j", (header, expected) => {
    // Act
    const accepted = acceptedEncodings(header);

    // Assess
    expect(accepted).toEqual(expected);
  });
});
