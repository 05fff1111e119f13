/** The user pool's name for a stage: stacks/Auth.ts names it so, the admin commands find it so. */
export const userPoolName = (stage: string): string => `fulfillment-${stage}-users`;
