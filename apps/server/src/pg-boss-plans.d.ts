/** pg-boss's SQL texts (an internal module: the dependency is pinned to one version for it). */
declare module 'pg-boss/src/plans.js' {
  export function completeJobs(schema: string): string;
  export function failJobsById(schema: string): string;
  export function createQueue(schema: string): string;
}
