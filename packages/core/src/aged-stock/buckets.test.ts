import { describe, expect, it } from "vitest";
import { BUCKET_KEYS, bucketOf, emptyBuckets } from "./buckets.js";

describe("age buckets", () => {
  it("are 0–30, 31–60, 61–90, 91–120, 121–180, 181–365 and over 365 days", () => {
    expect(BUCKET_KEYS).toEqual(["0-30", "31-60", "61-90", "91-120", "121-180", "181-365", "over_365"]);
    expect(emptyBuckets()).toEqual({ "0-30": 0, "31-60": 0, "61-90": 0, "91-120": 0, "121-180": 0, "181-365": 0, over_365: 0 });
  });

  it.each([
    [0, "0-30"],
    [30, "0-30"],
    [31, "31-60"],
    [60, "31-60"],
    [61, "61-90"],
    [90, "61-90"],
    [91, "91-120"],
    [120, "91-120"],
    [121, "121-180"],
    [180, "121-180"],
    [181, "181-365"],
    [365, "181-365"],
    [366, "over_365"],
    [5000, "over_365"],
  ] as const)("puts a lot %i days old in %s", (age, bucket) => {
    expect(bucketOf(age)).toBe(bucket);
  });
});
