import { describe, expect, it } from "vitest";
import { costTable, gbSeconds, monthlyCost, NO_USAGE, PRICES, syncStateTransitions } from "./cost.js";

describe("the monthly cost of a seller", () => {
  it("prices a day's sync, operations and reads repeated for 30 days, line by line", () => {
    const cost = monthlyCost({
      sync: { ...NO_USAGE, readUnits: 10_000, writeUnits: 20_000, lambdaInvocations: 18, lambdaGbSeconds: 100, stateTransitions: 21, apiRequests: 1 },
      perOperation: { ...NO_USAGE, readUnits: 3, writeUnits: 10, lambdaInvocations: 1.1, lambdaGbSeconds: 0.05, apiRequests: 1, sqsRequests: 3 },
      perRead: { ...NO_USAGE, readUnits: 2, lambdaInvocations: 1, lambdaGbSeconds: 0.02, apiRequests: 1 },
      operations: 2_000,
      reads: 5_000,
      storedGb: 0.1,
    });

    const line = (item: string) => cost.lines.find((entry) => entry.item === item)!;
    expect(line("DynamoDB reads").quantity).toBe(30 * (10_000 + 2_000 * 3 + 5_000 * 2));
    expect(line("DynamoDB writes").quantity).toBe(30 * (20_000 + 2_000 * 10));
    expect(line("DynamoDB writes").usd).toBeCloseTo((1_200_000 / 1e6) * PRICES.dynamoWritePerMillion, 10);
    expect(line("API Gateway (HTTP API)").quantity).toBe(30 * (1 + 2_000 + 5_000));
    expect(line("SQS").quantity).toBe(30 * 6_000);
    expect(line("Step Functions").usd).toBeCloseTo(((30 * 21) / 1000) * PRICES.stepFunctionsPerThousand, 10);
    expect(line("Lambda duration").quantity).toBeCloseTo(30 * (100 + 100 + 100), 6);
    expect(cost.totalUsd).toBeCloseTo(
      cost.lines.reduce((sum, entry) => sum + entry.usd, 0),
      10,
    );
  });

  it("bills each invocation's duration rounded up to the millisecond, at its memory", () => {
    expect(gbSeconds([0.2, 999.1], 1024)).toBeCloseTo(1.001, 10);
    expect(gbSeconds([1000], 512)).toBeCloseTo(0.5, 10);
  });

  it("counts a sync's state transitions: five of the parent and one per shard attempt", () => {
    expect(syncStateTransitions(16)).toBe(21);
    expect(syncStateTransitions(18)).toBe(23);
  });

  it("prints the total with the prices' region and date", () => {
    const text = costTable("One seller", monthlyCost({ sync: NO_USAGE, perOperation: NO_USAGE, perRead: NO_USAGE, operations: 0, reads: 0, storedGb: 1 }));
    expect(text).toContain(`us-east-1, as of ${PRICES.asOf}`);
    expect(text).toMatch(/total a month\s+\$0\.45$/m);
  });
});
