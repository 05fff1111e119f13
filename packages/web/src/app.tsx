import { useCallback, useEffect, useMemo, useState } from "preact/hooks";
import { Api, ifNoneMatch } from "./api.js";
import { ConsoleContext } from "./app-context.js";
import type { Session } from "./auth.js";
import type { ConsoleConfig } from "./config.js";
import { DEFAULT_PREFS, prefsFromGeneralSettings, type DisplayPrefs } from "./format.js";
import { useLiveResource } from "./live.js";
import { linkSeller, parseRoute, routeHref, type Screen } from "./router.js";
import { Loading, useResource } from "./components.js";
import { PickAccount, readSellers, SellerSwitcher } from "./seller-switcher.js";
import { ALL_SELLERS, chooseSelection, hashWithSeller, LAST_SELLER_KEY, SELLER_QUERY, takesAllSellers, type Selection } from "./sellers.js";
import { AccountScreen } from "./screens/account.js";
import { AlertsScreen } from "./screens/alerts.js";
import { newAlertCount } from "./alerts-view.js";
import { AdScreen } from "./screens/ad.js";
import { AgedStockScreen } from "./screens/aged-stock.js";
import { ImportsScreen } from "./screens/imports.js";
import { HistoryScreen } from "./screens/history.js";
import { InventoryScreen } from "./screens/inventory.js";
import { OverviewScreen } from "./screens/overview.js";
import { ReplenishmentScreen } from "./screens/replenishment.js";
import { RestockPlanScreen } from "./screens/restock-plan.js";
import { SettingsScreen } from "./screens/settings.js";
import { TariffsScreen } from "./screens/tariffs.js";
import { StorageCostsScreen } from "./screens/storage-costs.js";

const NAVIGATION: { screen: Screen; label: string }[] = [
  { screen: "visao-geral", label: "Visão geral" },
  { screen: "alertas", label: "Alertas" },
  { screen: "estoque", label: "Estoque" },
  { screen: "reposicao", label: "Reposição" },
  { screen: "plano-reposicao", label: "Plano de reposição" },
  { screen: "estoque-envelhecido", label: "Estoque envelhecido" },
  { screen: "importacoes", label: "Importações" },
  { screen: "tarifas", label: "Tarifas" },
  { screen: "custos-armazenagem", label: "Custos de armazenagem" },
  { screen: "configuracoes", label: "Configurações" },
  { screen: "historico", label: "Histórico" },
  { screen: "conta", label: "Conta do marketplace" },
];

/** A drawn bell: the emoji glyph renders as an empty box where no emoji font is installed. */
const BellIcon = () => (
  <svg class="bell-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M12 3a6 6 0 0 0-6 6v3.6L4.3 15.4A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.6L18 12.6V9a6 6 0 0 0-6-6Z" fill="currentColor" />
    <path d="M9.5 18.5a2.5 2.5 0 0 0 5 0Z" fill="currentColor" />
  </svg>
);

function useHashRoute() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const update = () => setHash(location.hash);
    window.addEventListener("hashchange", update);
    return () => window.removeEventListener("hashchange", update);
  }, []);
  const navigate = useCallback((href: string) => {
    location.hash = href;
  }, []);
  // The same screen under another address, with no new history entry (the account an address lacked).
  const replace = useCallback((href: string) => {
    history.replaceState(history.state, "", href);
    setHash(location.hash);
  }, []);
  return { route: useMemo(() => parseRoute(hash), [hash]), navigate, replace };
}

/**
 * The accounts to choose from and the one shown: the address's `seller_id`, else the last one
 * chosen, else the first; the address is then made to name it, so a link or a reload shows the
 * same. Undefined `sellers` while they are being read.
 */
function useAccounts(api: Api, enabled: boolean, route: ReturnType<typeof parseRoute>, replace: (href: string) => void) {
  const directory = useResource(() => (enabled ? readSellers(api) : Promise.resolve([])), [api, enabled]);
  const sellers = directory.loading && !directory.data ? undefined : (directory.data ?? []);
  const named = route.query.get(SELLER_QUERY);
  const selection = sellers ? chooseSelection(sellers, named, localStorage.getItem(LAST_SELLER_KEY), takesAllSellers(route.screen)) : undefined;
  useEffect(() => {
    if (selection === undefined) return;
    localStorage.setItem(LAST_SELLER_KEY, selection);
    if (named !== selection) replace(hashWithSeller(location.hash, selection));
  }, [selection, named, replace]);
  // Every link drawn from here on names the account shown.
  linkSeller(selection);
  return { sellers, selection };
}

function SignIn({ session, config }: { session: Session; config: ConsoleConfig }) {
  return (
    <main class="signin">
      <h1>Full · Console de operações</h1>
      {config.auth.mode === "iam" ? (
        <p class="error" role="alert">
          Esta API exige assinaturas IAM, que o navegador não faz. Implante com AUTH_MODE=jwt para usar o console (docs/deployment.md).
        </p>
      ) : (
        <button type="button" class="primary" onClick={() => void session.signIn()}>
          Entrar
        </button>
      )}
    </main>
  );
}

export function App({ config, session }: { config: ConsoleConfig; session: Session }) {
  // Calls that name no account: the account list and the shared settings.
  const baseApi = useMemo(() => new Api(config.apiUrl, session.token), [config, session]);
  const [prefs, setPrefs] = useState<DisplayPrefs>(DEFAULT_PREFS);
  const [prefsVersion, setPrefsVersion] = useState(0);
  const { route, navigate, replace } = useHashRoute();
  const needsSignIn = config.auth.mode === "iam" || (config.auth.mode === "jwt" && session.userName === null);
  const { sellers, selection } = useAccounts(baseApi, !needsSignIn, route, replace);
  const api = useMemo(() => (selection === undefined ? baseApi : new Api(config.apiUrl, session.token, selection)), [baseApi, config, session, selection]);
  const choose = useCallback((next: Selection) => navigate(hashWithSeller(location.hash, next)), [navigate]);

  useEffect(() => {
    if (needsSignIn) return;
    // Date pattern, time zone and currency come from the geral settings; defaults until they arrive.
    baseApi.data(baseApi.client.GET("/settings/{group}", { params: { path: { group: "geral" } } })).then(
      (answer) => setPrefs(prefsFromGeneralSettings(answer.data)),
      () => undefined,
    );
  }, [baseApi, prefsVersion, needsSignIn]);

  // The bell: alerts opened or changed since the alerts screen was last opened. The open alerts are
  // kept current as the screens are (revalidated with their ETag), and counted again on every screen change.
  const [seenVersion, setSeenVersion] = useState(0);
  const openAlerts = useLiveResource(
    (etag) => (needsSignIn || !sellers ? Promise.resolve(undefined) : api.revalidated(api.client.GET("/alerts", { params: { header: ifNoneMatch(etag) } }))),
    [api, needsSignIn, sellers],
  );
  const { revalidate: revalidateAlerts } = openAlerts;
  useEffect(revalidateAlerts, [revalidateAlerts, route.screen]);
  const newAlerts = useMemo(
    () => (openAlerts.data ? newAlertCount(openAlerts.data.alerts, selection, (key) => localStorage.getItem(key)) : 0),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [openAlerts.data, route.screen, seenVersion],
  );

  const context = useMemo(
    () => ({
      api,
      prefs,
      reloadPrefs: () => setPrefsVersion((v) => v + 1),
      allows: (scope: string) => session.scopes === null || session.scopes.includes(scope),
      accounts: { sellers: sellers ?? [], selection },
    }),
    [api, prefs, session, sellers, selection],
  );
  if (needsSignIn) return <SignIn session={session} config={config} />;

  const current = route.screen === "anuncio" ? "estoque" : route.screen;
  // A screen reads only once the account it is about is known, and only an account it can show.
  const ready = sellers !== undefined && !(selection === ALL_SELLERS && !takesAllSellers(route.screen));
  return (
    <ConsoleContext.Provider value={context}>
      <div class="layout">
        <nav class="sidebar" aria-label="Navegação">
          <a class="brand" href={routeHref("visao-geral")}>
            Full <span>operações</span>
          </a>
          <a class="bell" href={routeHref("alertas")} data-bell={newAlerts} aria-label={`Alertas: ${newAlerts} ${newAlerts === 1 ? "novo" : "novos"}`}>
            <BellIcon />
            {newAlerts > 0 ? <span class="bell-count">{newAlerts > 99 ? "99+" : newAlerts}</span> : null}
          </a>
          {sellers && selection !== undefined ? <SellerSwitcher sellers={sellers} selection={selection} route={route} onChoose={choose} /> : null}
          <ul>
            {NAVIGATION.map((item) => (
              <li key={item.screen}>
                <a href={routeHref(item.screen)} aria-current={current === item.screen ? "page" : undefined} data-nav={item.screen}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
          <div class="sidebar-foot">
            {config.apiUrl === "" ? <a href="/docs">Referência da API</a> : null}
            {session.userName ? (
              <button type="button" class="link" onClick={() => void session.signOut()}>
                Sair ({session.userName})
              </button>
            ) : null}
          </div>
        </nav>
        {/* Another account is another screen: everything it showed is read again. */}
        <main class="content" data-screen={route.screen} key={selection ?? ""}>
          {sellers === undefined ? <Loading /> : null}
          {sellers && !ready ? (
            <PickAccount sellers={sellers} route={route} title={NAVIGATION.find((item) => item.screen === current)?.label ?? ""} />
          ) : null}
          {ready ? (
            <>
              {route.screen === "visao-geral" ? <OverviewScreen /> : null}
              {route.screen === "estoque" ? <InventoryScreen route={route} navigate={navigate} /> : null}
              {route.screen === "anuncio" ? <AdScreen route={route} /> : null}
              {route.screen === "reposicao" ? <ReplenishmentScreen route={route} navigate={navigate} /> : null}
              {route.screen === "plano-reposicao" ? <RestockPlanScreen route={route} navigate={navigate} /> : null}
              {route.screen === "estoque-envelhecido" ? <AgedStockScreen /> : null}
              {route.screen === "importacoes" ? <ImportsScreen route={route} navigate={navigate} /> : null}
              {route.screen === "tarifas" ? <TariffsScreen /> : null}
              {route.screen === "custos-armazenagem" ? <StorageCostsScreen /> : null}
              {route.screen === "configuracoes" ? <SettingsScreen /> : null}
              {route.screen === "historico" ? <HistoryScreen route={route} navigate={navigate} /> : null}
              {route.screen === "conta" ? <AccountScreen apiUrl={config.apiUrl} /> : null}
              {route.screen === "alertas" ? <AlertsScreen onSeen={() => setSeenVersion((v) => v + 1)} /> : null}
            </>
          ) : null}
        </main>
      </div>
    </ConsoleContext.Provider>
  );
}
