import type { Draft, RevisionTarget } from '@candy/contract/calls/revisions';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';

export interface DraftFields {
  content: string;
  hide: boolean;
  reservation: number | null;
}

export const sameFields = (a: DraftFields, b: DraftFields): boolean =>
  a.content === b.content && a.hide === b.hide && a.reservation === b.reservation;

/** Quiet for this long after the last keystroke, or this long since the first unsynced one. */
const PAUSE_MS = 1500;
const MAX_WAIT_MS = 5000;

export type SyncState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * The desk's autosave to the server (issue 24): one draft per target, written a moment after typing
 * pauses (and every few seconds while it goes on), so the draft follows the owner to another device.
 * `offer` is the server draft found on opening when it is newer than the saved content and differs.
 */
export const useServerDraft = (
  target: RevisionTarget,
  targetId: number,
  fields: DraftFields,
  saved: { fields: DraftFields; updatedAt: number } | null,
) => {
  const [offer, setOffer] = useState<Draft | null>(null);
  const [state, setState] = useState<SyncState>('idle');
  const firstUnsynced = useRef<number | null>(null);
  const lastSynced = useRef<DraftFields | null>(null);
  const params = { target, targetId };
  const savedFields = saved?.fields;
  const savedAt = saved?.updatedAt ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: looked up once per target
  useEffect(() => {
    let alive = true;
    setOffer(null);
    lastSynced.current = null;
    firstUnsynced.current = null;
    void call('draftDetail', { params, silent: true }).then(
      (draft) => {
        if (!alive || !draft) return;
        lastSynced.current = draft;
        if (draft.updatedAt > savedAt && !(savedFields && sameFields(draft, savedFields))) setOffer(draft);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [target, targetId]);

  const push = useCallback(
    async (next: DraftFields) => {
      setState('saving');
      try {
        await call('draftSave', { params: { target, targetId }, body: next, silent: true });
        lastSynced.current = next;
        setState('saved');
      } catch {
        setState('failed');
      }
    },
    [target, targetId],
  );

  useEffect(() => {
    const unchanged = savedFields ? sameFields(fields, savedFields) : fields.content === '';
    const synced = lastSynced.current && sameFields(fields, lastSynced.current);
    if (unchanged || synced) {
      firstUnsynced.current = null;
      return;
    }
    const now = Date.now();
    firstUnsynced.current ??= now;
    setState('pending');
    const wait = Math.min(PAUSE_MS, Math.max(0, firstUnsynced.current + MAX_WAIT_MS - now));
    const timer = setTimeout(() => {
      firstUnsynced.current = null;
      void push(fields);
    }, wait);
    return () => clearTimeout(timer);
  }, [fields, savedFields, push]);

  /** After a save: the server dropped the draft; nothing is pending any more. */
  const settled = useCallback(() => {
    lastSynced.current = null;
    firstUnsynced.current = null;
    setOffer(null);
    setState('idle');
  }, []);

  const discardOffer = useCallback(async () => {
    setOffer(null);
    lastSynced.current = null;
    await call('draftDelete', { params: { target, targetId }, silent: true }).catch(() => undefined);
  }, [target, targetId]);

  return { offer, state, settled, takeOffer: () => setOffer(null), discardOffer };
};
