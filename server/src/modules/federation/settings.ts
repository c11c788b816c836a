import type { MetaService } from '../meta/service.ts';

/** The owner's federation settings, kept in meta strings (group `federation`). */
export interface FederationSettings {
  /** The actor's name in `@handle@domain`. */
  handle: string;
  /** The actor's display name; the handle when empty. */
  displayName: string;
  /** The site's public origin (`https://example.com`): actor and object ids are made under it. */
  origin: string;
  /** Follow requests wait for the owner's approval instead of being accepted at once. */
  manualApproval: boolean;
  /** Moments are dark content (readable with the dark key): they federate only when the owner says so. */
  federateMoments: boolean;
}

const group = 'federation';

export const createFederationSettings = (meta: MetaService, fallbackOrigin: string | null) => ({
  async load(): Promise<FederationSettings> {
    const [handle, displayName, origin, manual, moments] = await Promise.all([
      meta.get(group, 'handle'),
      meta.get(group, 'display-name'),
      meta.get(group, 'origin'),
      meta.get(group, 'manual-approval'),
      meta.get(group, 'federate-moments'),
    ]);
    return {
      handle: handle || 'owner',
      displayName: displayName ?? '',
      origin: origin || fallbackOrigin || '',
      manualApproval: manual === 'true',
      federateMoments: moments === 'true',
    };
  },

  async save(settings: FederationSettings): Promise<void> {
    await meta.set(group, 'handle', settings.handle);
    await meta.set(group, 'display-name', settings.displayName);
    await meta.set(group, 'origin', settings.origin);
    await meta.set(group, 'manual-approval', String(settings.manualApproval));
    await meta.set(group, 'federate-moments', String(settings.federateMoments));
  },

  /** The actor's key pairs as JWK JSON, made once and shared by replicas through meta. */
  async keys(make: () => Promise<string>): Promise<string> {
    const stored = await meta.get(group, 'key-pairs');
    if (stored) return stored;
    const made = await make();
    // Two replicas making keys at once both settle on the one that landed.
    return meta.ensure(group, 'key-pairs', () => made);
  },
});

export type FederationSettingsStore = ReturnType<typeof createFederationSettings>;
