import type { AddressInfo } from 'node:net';
import type { App } from '../src/app.ts';
import { asOwner, testOwnerGuard } from './contentFactories.ts';
import { createTestApp, type TestApp } from './harness.ts';

/** The owner's federation settings as the federation tests use them; `overrides` change some. */
export const saveFederationSettings = (
  app: Pick<App, 'server'>,
  origin: string,
  overrides: { manualApproval?: boolean; federateMoments?: boolean } = {},
) =>
  app.server.inject({
    method: 'PUT',
    url: '/api/federation/settings',
    headers: asOwner,
    payload: {
      handle: 'owner',
      displayName: '糖果罐',
      origin,
      manualApproval: false,
      federateMoments: false,
      ...overrides,
    },
  });

/**
 * A test app listening on 127.0.0.1, allowed to reach the test peers (127.0.0.1 and 127.0.0.2),
 * federating under its own address as `@owner`.
 */
export const startFederatedApp = async (): Promise<{ t: TestApp; origin: string }> => {
  const t = await createTestApp({
    ownerGuard: testOwnerGuard,
    env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1,127.0.0.2' },
  });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  const saved = await saveFederationSettings(t, origin);
  if (saved.json().code !== 0) throw new Error(`federation settings not saved: ${saved.body}`);
  return { t, origin };
};
