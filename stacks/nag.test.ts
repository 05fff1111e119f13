/**
 * AWS's own rule packs over every synthesized stage: cdk-nag's AwsSolutions and Serverless packs run
 * as Aspects, and any error they report that nag-suppressions.ts does not accept fails the test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Aspects, type App } from "aws-cdk-lib";
import { AwsSolutionsChecks, NagMessageLevel, ServerlessChecks, type INagLogger, type NagLoggerNonComplianceData, type NagLoggerSuppressedData } from "cdk-nag";
import { applyNagSuppressions, NAG_SUPPRESSIONS } from "./nag-suppressions.js";
import { createSynthesizer, SETTINGS_UNSET, type Synthesizer } from "./synth-app.js";

interface Finding {
  rule: string;
  finding: string;
  path: string;
  level: NagMessageLevel;
}
interface StageFindings {
  open: Finding[];
  /** cdk-nag prefixes a reason with the finding it covers ("[Resource::*] ..."). */
  suppressed: (Finding & { reason: string })[];
  failures: string[];
}

/** Each auth mode, in a development stage and in production. */
const STAGES: Record<string, { stage: string; settings: Record<string, string> }> = {
  dev: { stage: "dev", settings: SETTINGS_UNSET },
  prod: { stage: "prod", settings: { ...SETTINGS_UNSET, ALARM_EMAIL: "ops@example.com" } },
  "prod (AUTH_MODE=jwt)": {
    stage: "prod",
    settings: { ...SETTINGS_UNSET, AUTH_MODE: "jwt", JWT_ISSUER: "https://auth.example.com/", JWT_AUDIENCE: "fulfillment-api", CONSOLE_ORIGIN: "https://app.example.com", ALARM_EMAIL: "ops@example.com" },
  },
  "machines (AUTH_MODE=iam)": { stage: "machines", settings: { ...SETTINGS_UNSET, AUTH_MODE: "iam" } },
};

const findings: Record<string, StageFindings> = {};
let synthesizer: Synthesizer;

/** Records what the packs report, once per rule, finding and resource. */
function collector(into: StageFindings): INagLogger {
  const of = (data: NagLoggerNonComplianceData): Finding => ({ rule: data.ruleId, finding: data.findingId, path: data.resource.node.path, level: data.ruleLevel });
  return {
    onCompliance: () => {},
    onNotApplicable: () => {},
    onNonCompliance: (data) => void into.open.push(of(data)),
    onSuppressed: (data: NagLoggerSuppressedData) => void into.suppressed.push({ ...of(data), reason: data.suppressionReason }),
    onError: (data) => void into.failures.push(`${data.ruleId} on ${data.resource.node.path}: ${data.errorMessage}`),
    onSuppressedError: () => {},
  };
}

function checkWithPacks(stage: string, into: StageFindings): (app: App) => void {
  return (app) => {
    applyNagSuppressions(app, stage);
    const props = { reports: false, verbose: true, additionalLoggers: [collector(into)] };
    Aspects.of(app).add(new AwsSolutionsChecks(props));
    Aspects.of(app).add(new ServerlessChecks(props));
  };
}

const unique = <T>(items: T[]): T[] => [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];

beforeAll(async () => {
  synthesizer = await createSynthesizer();
  for (const [label, { stage, settings }] of Object.entries(STAGES)) {
    const into: StageFindings = { open: [], suppressed: [], failures: [] };
    await synthesizer.synthesize(stage, settings, checkWithPacks(stage, into));
    findings[label] = { open: unique(into.open), suppressed: unique(into.suppressed), failures: unique(into.failures) };
  }
}, 300_000);

afterAll(() => synthesizer?.dispose());

/** Findings per rule. */
function summary(list: Finding[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const finding of list.toSorted((a, b) => a.rule.localeCompare(b.rule))) counts[finding.rule] = (counts[finding.rule] ?? 0) + 1;
  return counts;
}

describe("cdk-nag (AwsSolutions and Serverless packs)", () => {
  it.each(Object.keys(STAGES))("reports no unsuppressed error over the %s stage", (stage) => {
    const { open, failures } = findings[stage]!;
    const errors = open.filter((finding) => finding.level === NagMessageLevel.ERROR);
    console.log(stage, "errors", errors.length, summary(errors), "warnings", open.length - errors.length, summary(open.filter((f) => f.level !== NagMessageLevel.ERROR)));
    expect(failures).toEqual([]);
    expect(errors.map((finding) => `${finding.rule} ${finding.path} ${finding.finding}`)).toEqual([]);
  });

  it("gives every suppression a reason of a sentence, and uses each in some stage", () => {
    const used = Object.values(findings).flatMap((stage) => stage.suppressed);
    for (const suppression of NAG_SUPPRESSIONS) {
      expect(suppression.reason, suppression.rule).toMatch(/^[A-Z].{20,}\.$/);
      const covers = used.some((finding) => finding.rule === suppression.rule && finding.reason.endsWith(suppression.reason) && suppression.resource.test(finding.path));
      expect(covers, `${suppression.rule} ${suppression.resource}`).toBe(true);
    }
  });
});
