/**
 * Examples of the OpenAPI document: the answers the core calculators give over the demo dataset
 * of a fixed day, so the document is realistic and the same on every run. One module per flow in
 * examples/, as the contract has.
 */
import { generateDemoDataset } from "../demo/generate.js";
import { accountExamples } from "./examples/account.js";
import { EXAMPLE_DAY, type Examples } from "./examples/common.js";
import { dashboardExamples } from "./examples/dashboards.js";
import { importExamples } from "./examples/imports.js";
import { planningExamples } from "./examples/planning.js";
import { settingsExamples } from "./examples/settings.js";
import { syncExamples } from "./examples/sync.js";
import { tariffExamples } from "./examples/tariffs.js";

/** Examples by the route table's operation name. */
export function demoExamples(): Examples {
  const data = generateDemoDataset({ today: EXAMPLE_DAY });
  return {
    ...dashboardExamples(data),
    ...syncExamples(data),
    ...planningExamples(data),
    ...tariffExamples(data),
    ...settingsExamples(data),
    ...accountExamples(),
    ...importExamples(data),
  };
}
