import "./quiet-logs.js";
import { loadavg } from "node:os";
import { measureSellersSync, sellersSyncTable } from "./sync-sellers.js";
console.log(`# load average at the start: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
console.log(sellersSyncTable(await measureSellersSync()));
