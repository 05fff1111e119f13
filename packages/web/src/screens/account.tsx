import { useState } from "preact/hooks";
import { ApiError } from "../api.js";
import { useConsole } from "../app-context.js";
import { Badge, ErrorNote, Loading, PageHeader, useResource } from "../components.js";
import { formatDateTime } from "../format.js";
import { routeHref } from "../router.js";
import { hashWithSeller, sellerLabel, SELLER_QUERY } from "../sellers.js";

/** The Mercado Livre account the sync reads with: connect, see, forget. */
export function AccountScreen({ apiUrl }: { apiUrl: string }) {
  const { api, prefs, accounts } = useConsole();
  const account = useResource(async () => {
    const { data, response } = await api.client.GET("/marketplace/account");
    // An API without the account routes answers 404: the screen then says how the credential is loaded.
    if (response.status === 404) return null;
    if (!response.ok || !data) throw new ApiError(response.status, `Conta indisponível (HTTP ${response.status}).`);
    return data;
  }, []);
  const [error, setError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const forget = async () => {
    setError(undefined);
    try {
      await api.data(api.client.DELETE("/marketplace/account"));
      setConfirming(false);
      // With several accounts the one shown is gone: the page reads the accounts left and opens the first.
      if (accounts.selection !== undefined) {
        history.replaceState(history.state, "", hashWithSeller(location.hash, undefined));
        location.reload();
        return;
      }
      account.reload();
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  // The API may need the console's sign-in token, which a followed link would not carry: ask for the
  // authorization page's address, then open it.
  const connect = async (event: Event) => {
    event.preventDefault();
    setError(undefined);
    try {
      const answer = await api.data(api.client.GET("/marketplace/connect", { params: { query: { redirect: "0" } } }));
      window.location.assign(answer.authorization_url);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const data = account.data;
  return (
    <>
      <PageHeader title="Conta do marketplace" />
      <ErrorNote message={account.error ?? error} />
      {account.loading && data === undefined ? <Loading /> : null}
      {data === null ? (
        <p class="panel muted" data-account-missing>
          Esta versão da API não oferece a conexão da conta do Mercado Livre. A credencial é carregada com <code>npm run load</code>.
        </p>
      ) : null}
      {data ? (
        <section class="panel">
          <p>
            {data.connected ? <Badge tone="ok">Conectada</Badge> : <Badge tone="warning">Não conectada</Badge>}
          </p>
          {data.connected ? (
            <dl class="facts">
              <dt>Apelido</dt>
              <dd>{data.nickname ?? "—"}</dd>
              <dt>Vendedor</dt>
              <dd>{data.user_id ?? "—"}</dd>
              <dt>Site</dt>
              <dd>{data.site_id ?? "—"}</dd>
              <dt>Token expira em</dt>
              <dd>{formatDateTime(data.token_expires_at, prefs)}</dd>
              <dt>Renovado em</dt>
              <dd>{formatDateTime(data.refreshed_at, prefs)}</dd>
            </dl>
          ) : null}
          {accounts.sellers.length > 1 ? (
            <>
              <h2>Contas conectadas</h2>
              <ul class="plain" data-accounts>
                {accounts.sellers.map((seller) => (
                  <li key={seller.id}>
                    {seller.id === accounts.selection ? (
                      <strong>{sellerLabel(seller)}</strong>
                    ) : (
                      <a href={routeHref("conta", [], { [SELLER_QUERY]: seller.id })}>{sellerLabel(seller)}</a>
                    )}{" "}
                    <span class="muted">({seller.id})</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <div class="actions">
            <a class="button primary" href={`${apiUrl}/marketplace/connect`} onClick={(event) => void connect(event)}>
              {data.connected ? "Conectar outra conta" : "Conectar conta"}
            </a>
            {data.connected ? (
              confirming ? (
                <button type="button" class="danger" onClick={() => void forget()}>
                  Confirmar desconexão
                </button>
              ) : (
                <button type="button" onClick={() => setConfirming(true)}>
                  Desconectar
                </button>
              )
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
