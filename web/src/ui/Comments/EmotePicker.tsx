import type { Emote } from '@candy/contract/calls/emotes';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { storage } from '../../core/storage.ts';
import { useStore } from '../../core/store.ts';
import { useT } from '../../i18n/useT.ts';
import { rememberEmote } from './useEmotes.ts';

const EmoteFace = ({ emote }: { emote: Emote }) =>
  emote.type === 'image' ? (
    <img src={emote.value} alt="" width={24} height={24} loading="lazy" />
  ) : (
    <span>{emote.value}</span>
  );

/** A button that opens the emote set (recently used first); picking one inserts its code. */
export const EmotePicker = ({
  emotes,
  onPick,
}: {
  emotes: ReadonlyMap<string, Emote>;
  onPick: (code: string) => void;
}) => {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const history = useStore(storage, (record) => record.emoteHistory);
  const t = useT();
  const recentLabel = t('comments.emotes.recent');
  const groups = useMemo(() => {
    const byGroup = new Map<string, Emote[]>();
    const recent = history.flatMap((code) => emotes.get(code) ?? []);
    if (recent.length) byGroup.set(recentLabel, recent);
    for (const emote of emotes.values())
      byGroup.set(emote.group, [...(byGroup.get(emote.group) ?? []), emote]);
    return [...byGroup];
  }, [emotes, history, recentLabel]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="emote-picker" ref={root}>
      <button
        type="button"
        className="btn btn-text emote-picker-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        disabled={emotes.size === 0}
        onClick={() => setOpen(!open)}
      >
        {t('comments.emotes.toggle')}
      </button>
      {open ? (
        <fieldset className="emote-picker-panel" id={panelId} aria-label={t('comments.emotes')}>
          {groups.map(([group, list]) => (
            <section key={group}>
              <h4>{group}</h4>
              <div className="emote-picker-grid">
                {list.map((emote) => (
                  <button
                    key={emote.code}
                    type="button"
                    title={emote.code}
                    aria-label={emote.code}
                    onClick={() => {
                      rememberEmote(emote.code);
                      onPick(emote.code);
                    }}
                  >
                    <EmoteFace emote={emote} />
                  </button>
                ))}
              </div>
            </section>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
};
