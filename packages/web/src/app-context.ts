import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "./api.js";
import { DEFAULT_PREFS, type DisplayPrefs } from "./format.js";
import { ALL_SELLERS, sellerName, type Selection, type SellerOption } from "./sellers.js";

/** The marketplace accounts to choose from (none when only one is connected) and the one shown. */
export interface Accounts {
  sellers: readonly SellerOption[];
  selection: Selection | undefined;
}

export interface AppContext {
  api: Api;
  prefs: DisplayPrefs;
  /** Reloads the display preferences after geral changed. */
  reloadPrefs: () => void;
  /** Whether the signed-in person's token carries the scope (always, without sign-in): write actions are disabled otherwise. */
  allows: (scope: "fulfillment/write" | "settings/admin") => boolean;
  accounts: Accounts;
}

export const ConsoleContext = createContext<AppContext>({
  api: undefined as unknown as Api,
  prefs: DEFAULT_PREFS,
  reloadPrefs: () => undefined,
  allows: () => true,
  accounts: { sellers: [], selection: undefined },
});

/** Shown on a disabled write action. */
export const NOT_ALLOWED_TITLE = "Seu grupo de acesso não permite esta ação";

export const useConsole = (): AppContext => useContext(ConsoleContext);

/** A write action's attributes: disabled, with the reason as its title, when the person's token lacks the route's scope. */
export function useWriteGuard(scope: "fulfillment/write" | "settings/admin"): { disabled: boolean; title?: string } {
  const { allows } = useConsole();
  return allows(scope) ? { disabled: false } : { disabled: true, title: NOT_ALLOWED_TITLE };
}

/**
 * With every account shown at once ("Todas as contas"), the words naming a row's account (its
 * nickname, else its id); undefined when one account is shown, so no column is added.
 */
export function useRowSeller(): ((sellerId: string | undefined) => string) | undefined {
  const { accounts } = useConsole();
  if (accounts.selection !== ALL_SELLERS) return undefined;
  return (sellerId) => sellerName(accounts.sellers, sellerId);
}
