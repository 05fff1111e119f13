/** `npm run bench:console`: only the console's figures (the full `npm run bench` prints them too). */
import { measureConsole, reportConsole } from "./console.js";
import { Report } from "./report.js";

console.log(reportConsole(new Report(), await measureConsole(Number(process.env.CONSOLE_LOADS ?? 10))));
