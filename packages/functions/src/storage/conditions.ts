/** A failed condition is a domain outcome (not found, taken, changed), not an unexpected error. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as Error | undefined)?.name === "ConditionalCheckFailedException";

/** Which items of a cancelled transaction failed their condition (none for any other error). */
export function cancelledConditions(error: unknown): boolean[] {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name !== "TransactionCanceledException") return [];
  return (e.CancellationReasons ?? []).map((reason) => reason.Code === "ConditionalCheckFailed");
}

/**
 * Awaits a conditional write: true when it was written, false when its condition failed (for a
 * transaction, the condition of the item at `transactionItem`). Any other failure is thrown.
 */
export async function conditionalWrite(write: Promise<unknown>, options: { transactionItem?: number } = {}): Promise<boolean> {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    if (options.transactionItem !== undefined && cancelledConditions(error)[options.transactionItem]) return false;
    throw error;
  }
}

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
