/** The names the stacks give what they create, by stage: the admin commands (packages/local) find them so. */

/** The stage's Cognito user pool (Auth.ts). */
export const userPoolName = (stage: string): string => `fulfillment-${stage}-users`;

/** The table SST creates for a stage: `<stage>-<app name>-<construct id>` (sst.config.ts, Storage.ts). */
export const stageTableName = (stage: string): string => `${stage}-fulfillment-Table`;
