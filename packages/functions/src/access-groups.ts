/**
 * Who may do what: the groups people belong to and the route-table scopes each group's tokens
 * carry. The deployed user pool's token trigger and the local OpenID provider both read this.
 */
import { SCOPES, type Scope } from "./routes.js";

export const ACCESS_GROUPS = {
  /** Read and change stock, tariffs, planning, imports; start syncs. */
  operadores: ["fulfillment/read", "fulfillment/write"],
  /** Read only. */
  leitura: ["fulfillment/read"],
  /** Everything, settings, history and the marketplace account included. */
  administradores: ["fulfillment/read", "fulfillment/write", "settings/admin"],
} as const satisfies Record<string, readonly Scope[]>;

export type AccessGroup = keyof typeof ACCESS_GROUPS;

export const GROUP_NAMES = Object.keys(ACCESS_GROUPS) as AccessGroup[];

export const isAccessGroup = (name: string): name is AccessGroup => Object.hasOwn(ACCESS_GROUPS, name);

/** The scopes a person in these groups gets: the union of the groups' scopes, in route-table order. */
export function scopesOfGroups(groups: readonly string[]): Scope[] {
  const granted = new Set<Scope>(groups.filter(isAccessGroup).flatMap((group) => ACCESS_GROUPS[group]));
  return SCOPES.filter((scope) => granted.has(scope));
}

/**
 * Which sellers (connected marketplace accounts, by user_id) a caller may use, carried in the access
 * token's `sellers` claim: the ids, space-separated, or `*` for every seller. The pool's token
 * trigger and the local provider set it; http/seller-grants.ts reads it.
 */
export const SELLERS_CLAIM = "sellers";
export const EVERY_SELLER = "*";

/** A person is granted a seller by membership of its group. */
export const SELLER_GROUP_PREFIX = "seller-";
export const sellerGroup = (userId: string): string => `${SELLER_GROUP_PREFIX}${userId}`;

/** A marketplace user_id as a group name and a claim can hold it: digits and letters, no spaces. */
export const isSellerId = (value: string): boolean => /^[A-Za-z0-9_-]{1,64}$/.test(value) && value !== EVERY_SELLER;

/** The `sellers` claim of a person in these groups: every seller for the administrators, else the sellers of their seller groups. */
export function sellersOfGroups(groups: readonly string[]): string {
  if (groups.includes("administradores" satisfies AccessGroup)) return EVERY_SELLER;
  const granted = groups.filter((group) => group.startsWith(SELLER_GROUP_PREFIX)).map((group) => group.slice(SELLER_GROUP_PREFIX.length)).filter(isSellerId);
  return [...new Set(granted)].sort().join(" ");
}
