import type { Credential } from "@fulfillment/core";

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page the seller's browser lands on after connecting the account (in Portuguese, as the console). */
export function connectedPage(credential: Pick<Credential, "nickname" | "user_id">, consoleUrl = "/console/#/conta"): string {
  const who = escapeHtml(String(credential.nickname ?? credential.user_id ?? ""));
  return `<!DOCTYPE html>
<html lang="pt-BR">
  <head><meta charset="utf-8"><title>Conta conectada</title></head>
  <body>
    <h1>Conta do Mercado Livre conectada</h1>
    <p>A conta <strong>${who}</strong> está conectada. A próxima sincronização lê os anúncios Full dela.</p>
    <p><a href="${escapeHtml(consoleUrl)}">Abrir o console</a> ou feche esta janela.</p>
  </body>
</html>
`;
}
