import fs from 'node:fs';
import type { TestProject } from 'vitest/node';
import { requireChromium } from './chromePath.ts';
import { buildOnce, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** One shared server for the suite; specs that need their own (stopped, offline) start one. */
export default async function setup(project: TestProject) {
  requireChromium();
  buildOnce();
  const server = await startServer({
    DARK_KEY: 'e2e-dark-key',
    OWNER_USERNAME: 'e2e-owner',
    OWNER_PASSWORD: 'e2e-owner-password',
    // Webhook receivers in the specs listen on 127.0.0.1 (issue 26.5).
    OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
  });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
}
