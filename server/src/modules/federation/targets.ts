import { essayIdOfPath } from '@candy/contract/sitePaths';
import type { RemoteTarget } from '../comments/remote.ts';

/** What an id of ours points at: an essay, a moment, or one of our comments (the owner's reply). */
export type LocalObject = { kind: 'target'; target: RemoteTarget } | { kind: 'comment'; commentId: number };

/** Reads one of our own object ids; null for anything not under our origin or not ours. */
export const localObjectOf = (id: URL | null | undefined, origin: string): LocalObject | null => {
  if (!id || id.origin !== new URL(origin).origin) return null;
  const essayId = essayIdOfPath(id.pathname);
  if (essayId !== null) return { kind: 'target', target: { targetType: 'essay', targetId: essayId } };
  const moment = /^\/ap\/moments\/(\d{1,10})$/.exec(id.pathname)?.[1];
  if (moment) return { kind: 'target', target: { targetType: 'moment', targetId: Number(moment) } };
  const comment = /^\/ap\/comments\/(\d{1,10})$/.exec(id.pathname)?.[1];
  if (comment) return { kind: 'comment', commentId: Number(comment) };
  return null;
};

/** A block names an actor's URL or a domain; a domain's subdomains are blocked with it. */
export const isBlockedBy = (blocks: readonly string[], actor: URL): boolean =>
  blocks.some((block) => {
    if (/^https?:\/\//.test(block)) return actor.href === block;
    const host = actor.hostname.toLowerCase();
    return host === block || host.endsWith(`.${block}`);
  });
