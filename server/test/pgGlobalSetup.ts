import type { TestProject } from 'vitest/node';
import { findPgBin, type PgCluster, startPgCluster } from './pgCluster.ts';
import { migratedPgTemplate } from './templateDb.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    /** A migrated database each test app's database is created from (templateDb.ts). */
    pgTemplate: string;
  }
}

let cluster: PgCluster | null = null;

/** Gives the server:postgres project a PostgreSQL: TEST_DATABASE_URL, else a throwaway cluster. */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const bin = findPgBin();
    if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package)');
    cluster = await startPgCluster(bin);
    adminUrl = cluster.url;
  }
  project.provide('pgAdminUrl', adminUrl);
  const template = await migratedPgTemplate(adminUrl);
  project.provide('pgTemplate', template.name);
  return async () => {
    await template.drop();
    cluster?.stop();
  };
}
