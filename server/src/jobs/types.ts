import type { Message } from '../i18n/said.ts';
/** A job the scheduler knows: code decides what it does; the database holds its schedule and state. */
export interface JobDefinition {
  id: string;
  /** Keyed: said in the caller's language on the jobs page, the site's in a failure notice. */
  name: Message;
  description: Message;
  /** Used until the owner sets another one. */
  defaultCron: string;
  /** Run once on start when a scheduled run was missed while every server was down. */
  catchUp: boolean;
  /**
   * Does the work; answers a short report for the history, kept in the site's language
   * (SITE_LANGUAGE). Throwing marks the run failed.
   */
  run(): Promise<Message>;
}
