/**
 * Age buckets of the units in stock, in whole days since reception: 0–30, 31–60, 61–90, 91–120,
 * 121–180, 181–365 and over 365. Both bounds are inclusive: a lot received 30 days ago is in
 * 0-30, one received 31 days ago in 31-60, 365 days in 181-365 and 366 days in over_365.
 */

export const AGE_BUCKETS = [
  { key: "0-30", maxDays: 30 },
  { key: "31-60", maxDays: 60 },
  { key: "61-90", maxDays: 90 },
  { key: "91-120", maxDays: 120 },
  { key: "121-180", maxDays: 180 },
  { key: "181-365", maxDays: 365 },
  { key: "over_365", maxDays: Number.POSITIVE_INFINITY },
] as const;

export type AgeBucket = (typeof AGE_BUCKETS)[number]["key"];
export type Buckets = Record<AgeBucket, number>;

export const BUCKET_KEYS: readonly AgeBucket[] = AGE_BUCKETS.map((bucket) => bucket.key);

export const emptyBuckets = (): Buckets => Object.fromEntries(BUCKET_KEYS.map((key) => [key, 0])) as Buckets;

/** The bucket of an age in days; a lot dated after today (a clock gap) counts as 0 days old. */
export function bucketOf(ageDays: number): AgeBucket {
  return AGE_BUCKETS.find((bucket) => ageDays <= bucket.maxDays)!.key;
}

/** Adds `from` into `into`, bucket by bucket. */
export function addBuckets(into: Buckets, from: Buckets): Buckets {
  for (const key of BUCKET_KEYS) into[key] += from[key];
  return into;
}
