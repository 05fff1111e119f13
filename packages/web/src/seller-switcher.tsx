/** The account switcher of the sidebar, and what a one-account screen shows under "Todas as contas". */
import type { Api } from "./api.js";
import { PageHeader } from "./components.js";
import { routeHref, type Route } from "./router.js";
import { ALL_SELLERS, ALL_SELLERS_LABEL, sellerLabel, sellersOfAnswer, SELLER_QUERY, takesAllSellers, type Selection, type SellerOption } from "./sellers.js";

/**
 * The accounts the signed-in caller may choose from: GET /marketplace/account naming none lists
 * them in its 400 when several are granted. A person without access to the account settings asks
 * a read of one account's data instead, which lists them the same way. None when it cannot tell.
 */
export async function readSellers(api: Api): Promise<SellerOption[]> {
  try {
    const account = await api.client.GET("/marketplace/account");
    if (account.response.status !== 403) return sellersOfAnswer(account.response.status, account.error);
    const status = await api.client.GET("/full/sync/status");
    return sellersOfAnswer(status.response.status, status.error);
  } catch {
    return [];
  }
}

export function SellerSwitcher({ sellers, selection, route, onChoose }: {
  sellers: readonly SellerOption[];
  selection: Selection;
  route: Route;
  onChoose: (selection: Selection) => void;
}) {
  const allowsAll = takesAllSellers(route.screen);
  return (
    <label class="seller-switcher">
      <span>Conta</span>
      <select name={SELLER_QUERY} value={selection} onChange={(event) => onChoose(event.currentTarget.value)} data-seller-switcher>
        <option value={ALL_SELLERS} disabled={!allowsAll} title={allowsAll ? undefined : "Esta tela mostra uma conta por vez"}>
          {ALL_SELLERS_LABEL}
        </option>
        {sellers.map((seller) => (
          <option key={seller.id} value={seller.id}>
            {sellerLabel(seller)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A screen of one account's data opened with "Todas as contas": it asks which account, with a link to each. */
export function PickAccount({ sellers, route, title }: { sellers: readonly SellerOption[]; route: Route; title: string }) {
  const query = Object.fromEntries(route.query);
  return (
    <>
      <PageHeader title={title} />
      <section class="panel" data-pick-account>
        <p>Esta tela mostra uma conta por vez. Escolha a conta:</p>
        <ul class="plain">
          {sellers.map((seller) => (
            <li key={seller.id}>
              <a href={routeHref(route.screen, route.params, { ...query, [SELLER_QUERY]: seller.id })} data-pick-seller={seller.id}>
                {sellerLabel(seller)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
