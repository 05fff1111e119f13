/**
 * The sellers granted to the local provider's people and machine clients, kept in a JSON file
 * beside the local data (`npm run users -- grant <user> <user_id>`, `npm run clients -- grant erp
 * <user_id>`). The provider reads it at every token, so a grant holds from the next sign-in or
 * refresh. A person's group counts as the user pool's does: the administrators have every seller.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { sellerGroup, sellersOfGroups } from "@fulfillment/functions/access-groups";

export interface LocalGrants {
  users: Record<string, string[]>;
  clients: Record<string, string[]>;
}

export type GrantHolder = keyof LocalGrants;

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : []);

/** The file's grants; none when it does not exist yet. A file that is not the expected JSON is an error, not an empty grant. */
export function readLocalGrants(file: string): LocalGrants {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { users: {}, clients: {} };
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<Record<GrantHolder, Record<string, unknown>>>;
  const holders = (kind: GrantHolder) => Object.fromEntries(Object.entries(parsed[kind] ?? {}).map(([name, granted]) => [name, ids(granted)]));
  return { users: holders("users"), clients: holders("clients") };
}

/** Grants or revokes one seller; returns the holder's sellers afterwards. Written whole, then renamed: a reader never sees half a file. */
export function changeLocalGrant(file: string, kind: GrantHolder, holder: string, userId: string, granted: boolean): string[] {
  const grants = readLocalGrants(file);
  const now = new Set(grants[kind][holder] ?? []);
  if (granted) now.add(userId);
  else now.delete(userId);
  grants[kind][holder] = [...now].sort();
  if (grants[kind][holder].length === 0) delete grants[kind][holder];
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(grants, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
  return grants[kind][holder] ?? [];
}

/** The `sellers` claim of a local person (their group and their grants) or, without a group, of a machine client. */
export function localSellersClaim(group: string | undefined, granted: readonly string[]): string {
  return sellersOfGroups([...(group ? [group] : []), ...granted.map(sellerGroup)]);
}
