/** A failed condition is a domain outcome (not found, taken, changed), not an unexpected error. */
export const isConditionFailure = (error: unknown): boolean =>
  (error as Error | undefined)?.name === "ConditionalCheckFailedException";

export const isTransactionConflict = (error: unknown): boolean => {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name !== "TransactionCanceledException") return false;
  return (e.CancellationReasons ?? []).some((r) => r.Code === "ConditionalCheckFailed" || r.Code === "TransactionConflict");
};
