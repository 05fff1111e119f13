import sparticuz from "@sparticuz/chromium";
import { chromium } from "playwright-core";
const browser = await chromium.launch({ executablePath: await sparticuz.executablePath(), args: sparticuz.args });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
page.on("console", (m) => console.log("console:", m.type(), m.text()));
page.on("pageerror", (e) => console.log("pageerror:", e.message));
for (const [name, hash] of [["overview","#/visao-geral"],["estoque","#/estoque"],["anuncio","#/anuncio/MLB3270770831"],["reposicao","#/reposicao"],["tarifas","#/tarifas"],["config","#/configuracoes"],["historico","#/historico"],["conta","#/conta"]]) {
  await page.goto(`http://127.0.0.1:3411/console/${hash}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shot-${name}.png` });
}
await browser.close();
