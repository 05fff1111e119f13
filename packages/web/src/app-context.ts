import { createContext } from "preact";
import { useContext } from "preact/hooks";
import type { Api } from "./api.js";
import { DEFAULT_PREFS, type DisplayPrefs } from "./format.js";

export interface AppContext {
  api: Api;
  prefs: DisplayPrefs;
  /** Reloads the display preferences after geral changed. */
  reloadPrefs: () => void;
}

export const ConsoleContext = createContext<AppContext>({
  api: undefined as unknown as Api,
  prefs: DEFAULT_PREFS,
  reloadPrefs: () => undefined,
});

export const useConsole = (): AppContext => useContext(ConsoleContext);
