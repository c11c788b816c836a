/** A job the scheduler knows: code decides what it does; the database holds its schedule and state. */
export interface JobDefinition {
  id: string;
  name: string;
  description: string;
  /** Used until the owner sets another one. */
  defaultCron: string;
  /** Run once on start when a scheduled run was missed while every server was down. */
  catchUp: boolean;
  /** Does the work; answers a short report for the history. Throwing marks the run failed. */
  run(): Promise<string>;
}
