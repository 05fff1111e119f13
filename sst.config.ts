import type { SSTConfig } from "sst";
import { Alerts } from "./stacks/Alerts.js";
import { Api } from "./stacks/Api.js";
import { Auth } from "./stacks/Auth.js";
import { Console } from "./stacks/Console.js";
import { isDevelopmentStage } from "./stacks/deploy-settings.js";
import { Imports } from "./stacks/Imports.js";
import { Jobs } from "./stacks/Jobs.js";
import { retainFrameworkLogs } from "./stacks/log-retention.js";
import { Notifications } from "./stacks/Notifications.js";
import { Shared } from "./stacks/Shared.js";
import { Storage } from "./stacks/Storage.js";
import { SyncMachine } from "./stacks/SyncMachine.js";

export default {
  config() {
    return { name: "fulfillment", region: "us-east-1" };
  },
  stacks(app) {
    // Disposable stages take everything with them on `sst remove`; the table of other stages is retained.
    if (isDevelopmentStage(app.stage)) app.setDefaultRemovalPolicy("destroy");
    // The console comes before the API: the API names its address (CORS) and its sign-in client (audience);
    // the notification queue too: the API's notification endpoint puts notifications on it.
    app.stack(Storage).stack(Shared).stack(SyncMachine).stack(Auth).stack(Console).stack(Notifications).stack(Api).stack(Jobs).stack(Imports).stack(Alerts);
    retainFrameworkLogs(app);
  },
} satisfies SSTConfig;
