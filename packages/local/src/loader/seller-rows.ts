/**
 * Which seller each row of a seller's record kinds loads for: the one its `seller_id` names, else
 * the only seller (or, loaded inside a seller's scope, that seller). Checked before anything is written, so a dataset naming a seller that is not
 * connected (or, with several connected, naming none) stores nothing.
 */
import { DatasetError, SELLER_KINDS, type Dataset, type SellerKind } from "./schema.js";

export function checkRowSellers(dataset: Dataset, known: readonly string[], scopeGiven = false): void {
  const problems: string[] = [];
  const listed = known.length > 0 ? known.join(", ") : "none";
  for (const kind of SELLER_KINDS) {
    const rows = dataset[kind] ?? [];
    const ids = dataset.seller_ids?.[kind];
    rows.forEach((_row, index) => {
      const id = ids?.[index];
      if (id !== undefined && !known.includes(id)) problems.push(`${kind}[${index}].seller_id: ${id} is not a connected seller (connected: ${listed})`);
      if (id === undefined && known.length > 1 && !scopeGiven) problems.push(`${kind}[${index}]: several sellers are connected (${listed}): name one in seller_id`);
    });
  }
  if (problems.length > 0) throw new DatasetError(problems.slice(0, 50));
}

/** The rows of one kind by the scope they load in; rows naming no seller go to `defaultScope`. */
export function rowsByScope<T>(dataset: Dataset, kind: SellerKind, rows: readonly T[], scopeOf: ReadonlyMap<string, string>, defaultScope: string): Map<string, T[]> {
  const ids = dataset.seller_ids?.[kind];
  const byScope = new Map<string, T[]>();
  rows.forEach((row, index) => {
    const id = ids?.[index];
    const scope = id === undefined ? defaultScope : scopeOf.get(id)!;
    byScope.set(scope, [...(byScope.get(scope) ?? []), row]);
  });
  return byScope;
}

export const isSellerKind = (kind: string): kind is SellerKind => (SELLER_KINDS as readonly string[]).includes(kind);
