/** A failed condition is a domain outcome (not found, taken, changed), not an unexpected error. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as Error | undefined)?.name === "ConditionalCheckFailedException";

/**
 * A transaction lost to a concurrent writer: another transaction held one of its items, or the
 * condition of the item at `conditionIndex` (the one that checks the version read) failed. A
 * failed condition elsewhere is not a race and is not retried.
 */
export const isTransactionConflict = (error: unknown, conditionIndex = 0): boolean => {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name !== "TransactionCanceledException") return false;
  const reasons = e.CancellationReasons ?? [];
  return reasons[conditionIndex]?.Code === "ConditionalCheckFailed" || reasons.some((r) => r.Code === "TransactionConflict");
};
