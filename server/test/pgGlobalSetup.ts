import type { TestProject } from 'vitest/node';
import { findPgBin, type PgCluster, startPgCluster } from './pgCluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

let cluster: PgCluster | null = null;

/** Gives the server:postgres project a PostgreSQL: TEST_DATABASE_URL, else a throwaway cluster. */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package)');
  cluster = await startPgCluster(bin);
  project.provide('pgAdminUrl', cluster.url);
  return () => cluster?.stop();
}
