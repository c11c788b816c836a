import { Limits } from '@candy/contract/constants';

export interface ApiCandidate {
  tier: number;
  url: string;
}

/** Answers whether an API base responds to `GET /system/version`. */
export type Probe = (base: string) => Promise<boolean>;

const firstAnswering = (bases: string[], probe: Probe): Promise<string | null> =>
  new Promise((resolve) => {
    let left = bases.length;
    for (const base of bases) {
      void probe(base)
        .catch(() => false)
        .then((ok) => {
          if (ok) resolve(base);
          else if (--left === 0) resolve(null);
        });
    }
  });

/**
 * Spec §7: candidates in priority tiers 0–2; inside a tier every host is probed at once and the
 * first to answer wins; a tier is tried only when every host of the tiers before it failed. With
 * no candidates the API is the page's own origin. Null: nothing answered.
 */
export const chooseApiBase = async (
  candidates: ApiCandidate[],
  probe: Probe,
  sameOrigin: string,
): Promise<string | null> => {
  if (candidates.length === 0) return sameOrigin;
  for (const tier of Limits.endpointTiers) {
    const bases = candidates.filter((c) => c.tier === tier).map((c) => c.url.replace(/\/+$/, ''));
    if (bases.length === 0) continue;
    const winner = await firstAnswering(bases, probe);
    if (winner) return winner;
  }
  return null;
};

/** A probe over fetch: an envelope with code 0 from `{base}/system/version`. */
export const fetchProbe =
  (headers: () => Record<string, string>): Probe =>
  async (base) => {
    const res = await fetch(`${base}/system/version`, { headers: headers() });
    if (!res.ok) return false;
    const body = (await res.json()) as { code?: unknown };
    return body.code === 0;
  };
