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
