import type { StateMachineDefinition } from "aws-local-stepfunctions";
import { syncStatesLanguage } from "@fulfillment/stacks/sync-definition";

/** The sync state machine's definition (stacks/sync-definition.ts) as the local interpreter takes it. */
export const syncMachineDefinition = (): StateMachineDefinition => syncStatesLanguage() as StateMachineDefinition;
