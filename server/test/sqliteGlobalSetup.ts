import type { TestProject } from 'vitest/node';
import { migratedSqliteTemplate } from './templateDb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplate: string;
  }
}

/** Gives the server:sqlite project one migrated database file that each test app copies. */
export default async function setup(project: TestProject) {
  const template = await migratedSqliteTemplate();
  project.provide('sqliteTemplate', template.file);
  return () => template.remove();
}
