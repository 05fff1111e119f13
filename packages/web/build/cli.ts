/** `npm run build -w @fulfillment/web`: builds the console and prints its JavaScript size against the budget. */
import { buildConsole, bundleSizes, JS_BUDGET_GZIP_BYTES } from "./bundle.js";

const info = await buildConsole();
const sizes = bundleSizes(info);
console.log(
  `console built: JavaScript ${(sizes.totalGzip / 1024).toFixed(1)} KB gzip (budget ${JS_BUDGET_GZIP_BYTES / 1024} KB), ${info.scripts.length} files`,
);
