/**
 * What the deployed service would cost a month, from what the bench counted: DynamoDB request
 * units (ReturnConsumedCapacity), Lambda invocations and GB-seconds, Step Functions state
 * transitions, API Gateway and SQS requests. Prices are AWS's public on-demand list prices for
 * us-east-1, in one table with the day they were written down; free tiers are left out, so the
 * figure is what an account past them pays.
 */

export const PRICES = {
  asOf: "2026-11-27",
  region: "us-east-1",
  /** DynamoDB on-demand, per million request units (standard table class). */
  dynamoReadPerMillion: 0.125,
  dynamoWritePerMillion: 0.625,
  /** DynamoDB storage, per GB-month (standard table class), and continuous backups (PITR) per GB-month. */
  dynamoStorageGbMonth: 0.25,
  dynamoPitrGbMonth: 0.2,
  /** Lambda on Arm (the stacks' architecture): per million requests, and per GB-second of duration. */
  lambdaPerMillion: 0.2,
  lambdaGbSecond: 0.0000133334,
  /** Step Functions standard workflows, per thousand state transitions. */
  stepFunctionsPerThousand: 0.025,
  /** API Gateway HTTP APIs, per million requests (first 300 million a month). */
  httpApiPerMillion: 1.0,
  /** SQS standard queues, per million requests. */
  sqsPerMillion: 0.4,
} as const;

/** What a piece of work uses, in billed units. */
export interface Usage {
  readUnits: number;
  writeUnits: number;
  lambdaInvocations: number;
  lambdaGbSeconds: number;
  stateTransitions: number;
  apiRequests: number;
  sqsRequests: number;
}

export const NO_USAGE: Usage = { readUnits: 0, writeUnits: 0, lambdaInvocations: 0, lambdaGbSeconds: 0, stateTransitions: 0, apiRequests: 0, sqsRequests: 0 };

export const addUsage = (a: Usage, b: Usage): Usage => ({
  readUnits: a.readUnits + b.readUnits,
  writeUnits: a.writeUnits + b.writeUnits,
  lambdaInvocations: a.lambdaInvocations + b.lambdaInvocations,
  lambdaGbSeconds: a.lambdaGbSeconds + b.lambdaGbSeconds,
  stateTransitions: a.stateTransitions + b.stateTransitions,
  apiRequests: a.apiRequests + b.apiRequests,
  sqsRequests: a.sqsRequests + b.sqsRequests,
});

export const scaleUsage = (usage: Usage, times: number): Usage => ({
  readUnits: usage.readUnits * times,
  writeUnits: usage.writeUnits * times,
  lambdaInvocations: usage.lambdaInvocations * times,
  lambdaGbSeconds: usage.lambdaGbSeconds * times,
  stateTransitions: usage.stateTransitions * times,
  apiRequests: usage.apiRequests * times,
  sqsRequests: usage.sqsRequests * times,
});

/** A seller's day: one sync, its stock operations, and the console's and ERP's reads. */
export interface SellerDay {
  sync: Usage;
  perOperation: Usage;
  perRead: Usage;
  operations: number;
  reads: number;
  /** What the table holds, for storage and continuous backups. */
  storedGb: number;
}

/** The seller: 8,000 ads, a daily sync, 2,000 stock operations and 5,000 reads a day. */
export const ONE_SELLER = { ads: 8_000, operations: 2_000, reads: 5_000 } as const;

export interface CostLine {
  item: string;
  quantity: number;
  unit: string;
  usd: number;
}

export const DAYS_PER_MONTH = 30;

/** The month's bill, line by line, for a seller's day repeated 30 times. */
export function monthlyCost(day: SellerDay): { lines: CostLine[]; totalUsd: number } {
  const daily = addUsage(addUsage(day.sync, scaleUsage(day.perOperation, day.operations)), scaleUsage(day.perRead, day.reads));
  const month = scaleUsage(daily, DAYS_PER_MONTH);
  const lines: CostLine[] = [
    { item: "DynamoDB reads", quantity: month.readUnits, unit: "read units", usd: (month.readUnits / 1e6) * PRICES.dynamoReadPerMillion },
    { item: "DynamoDB writes", quantity: month.writeUnits, unit: "write units", usd: (month.writeUnits / 1e6) * PRICES.dynamoWritePerMillion },
    { item: "DynamoDB storage", quantity: day.storedGb, unit: "GB-month", usd: day.storedGb * PRICES.dynamoStorageGbMonth },
    { item: "DynamoDB point-in-time recovery", quantity: day.storedGb, unit: "GB-month", usd: day.storedGb * PRICES.dynamoPitrGbMonth },
    { item: "Lambda requests", quantity: month.lambdaInvocations, unit: "invocations", usd: (month.lambdaInvocations / 1e6) * PRICES.lambdaPerMillion },
    { item: "Lambda duration", quantity: month.lambdaGbSeconds, unit: "GB-seconds", usd: month.lambdaGbSeconds * PRICES.lambdaGbSecond },
    { item: "Step Functions", quantity: month.stateTransitions, unit: "state transitions", usd: (month.stateTransitions / 1e3) * PRICES.stepFunctionsPerThousand },
    { item: "API Gateway (HTTP API)", quantity: month.apiRequests, unit: "requests", usd: (month.apiRequests / 1e6) * PRICES.httpApiPerMillion },
    { item: "SQS", quantity: month.sqsRequests, unit: "requests", usd: (month.sqsRequests / 1e6) * PRICES.sqsPerMillion },
  ];
  return { lines, totalUsd: lines.reduce((sum, line) => sum + line.usd, 0) };
}

/**
 * Lambda duration as billed: each invocation's milliseconds (rounded up to the next ms) times its
 * memory in GB.
 */
export const gbSeconds = (durationsMs: readonly number[], memoryMb: number): number =>
  durationsMs.reduce((sum, ms) => sum + Math.ceil(ms) / 1000, 0) * (memoryMb / 1024);

/**
 * State transitions of one sync execution: the parent's states (Plan, the map, Finalize, the
 * outcome choice and its end) and, per shard, its child execution's task state entered once per
 * attempt.
 */
export const syncStateTransitions = (shardAttempts: number): number => 5 + shardAttempts;

const usd = (value: number): string => (value < 0.01 && value > 0 ? `$${value.toFixed(4)}` : `$${value.toFixed(2)}`);

/** The bill as a table under its title, with the prices' date and region. */
export function costTable(title: string, cost: { lines: CostLine[]; totalUsd: number }): string {
  const rows = cost.lines.map((line) => [line.item, `${Math.round(line.quantity * 100) / 100} ${line.unit}`, usd(line.usd)]);
  rows.push(["total a month", "", usd(cost.totalUsd)]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length), ["item", "quantity", "USD"][i]!.length));
  const line = (row: string[]) => row.map((cell, i) => (i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join("  ");
  return [
    `${title} (AWS list prices, ${PRICES.region}, as of ${PRICES.asOf}; free tiers left out)`,
    line(["item", "quantity", "USD"]),
    widths.map((width) => "-".repeat(width)).join("  "),
    ...rows.map(line),
  ].join("\n");
}
