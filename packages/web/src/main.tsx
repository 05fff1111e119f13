import { render } from "preact";
import "uplot/dist/uPlot.min.css";
import "./styles.css";
import { App } from "./app.js";
import { openSession } from "./auth.js";
import { readConfig } from "./config.js";

const root = document.getElementById("app")!;
const config = readConfig();
openSession(config.auth).then(
  (session) => {
    // The "loading" placeholder of index.html goes once the app mounts, whatever the screen.
    root.replaceChildren();
    render(<App config={config} session={session} />, root);
  },
  (error: Error) => {
    root.textContent = `Não foi possível entrar: ${error.message}`;
  },
);
