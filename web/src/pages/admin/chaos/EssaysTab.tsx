import type { Essay } from '@candy/contract/calls/essays';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { formatDateTime, relativeTime } from '../../../ui/adminKit/index.ts';
import { EssayEditor } from './EssayEditor.tsx';
import { EssayList } from './EssayList.tsx';

/** The reserved essays, soonest first, above the list. */
const Reservations = ({ onOpen }: { onOpen: (essay: Essay) => void }) => {
  const t = useT();
  const reserved = useQuery({ queryKey: ['essays', 'reserved'], queryFn: () => call('reservationList') });
  if (!reserved.data?.length) return null;
  return (
    <div className="essay-reservations" data-testid="reservations">
      <strong>{t('admin.desk.reservations')}</strong>
      {reserved.data.map((essay) => (
        <button key={essay.id} type="button" className="btn btn-text" onClick={() => onOpen(essay)}>
          {t('admin.desk.reservation', {
            id: essay.id,
            time: formatDateTime(essay.reservation ?? 0),
            relative: relativeTime(essay.reservation ?? 0),
          })}
        </button>
      ))}
    </div>
  );
};

/** The list shows beside the editor only where both fit with the text still wide (DESIGN: ≥ 60 %). */
const roomForList = () => typeof matchMedia === 'function' && matchMedia('(min-width: 1600px)').matches;
const narrow = () => typeof matchMedia === 'function' && matchMedia('(max-width: 900px)').matches;
/** Between a phone and a wide screen the open list covers the editor, as a drawer. */
const listCovers = () => !roomForList() && !narrow();

/**
 * Essays: the editor (a new essay or the picked one) with the list beside it, collapsible. Opening
 * another essay while this one has unsaved changes asks first (`guard`).
 */
export const EssaysTab = ({
  guard,
  onDirtyChange,
}: {
  guard: () => Promise<boolean>;
  onDirtyChange: (dirty: boolean) => void;
}) => {
  const t = useT();
  const [current, setCurrent] = useState<Essay | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  const [listOpen, setListOpen] = useState(roomForList);
  const side = useRef<HTMLElement>(null);
  // A press anywhere outside the drawer (the editor, the menu) folds it, as a popover does.
  useEffect(() => {
    if (!listOpen || !listCovers()) return;
    const fold = (event: PointerEvent) => {
      const target = event.target as Node | null;
      const toggle = document.querySelector('[data-testid="essay-list-toggle"]');
      if (target && !side.current?.contains(target) && !toggle?.contains(target)) setListOpen(false);
    };
    document.addEventListener('pointerdown', fold);
    return () => document.removeEventListener('pointerdown', fold);
  }, [listOpen]);
  // Where the list is not a column of its own it covers the editor (a laptop) or sits above it (a
  // phone): picking an essay closes it, and on a phone brings the editor into view.
  const showEditor = () => {
    if (roomForList()) return;
    setListOpen(false);
    if (!narrow()) return;
    requestAnimationFrame(() =>
      document
        .querySelector('[data-testid="essay-editor"]')
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };
  const open = async (essay: Essay) => {
    if (essay.id === current?.id || !(await guard())) return;
    setCurrent(essay);
    setEditorKey((k) => k + 1);
    showEditor();
  };
  const startNew = async () => {
    if (!(await guard())) return;
    setCurrent(null);
    setEditorKey((k) => k + 1);
    showEditor();
  };
  const barStart = (
    <>
      <button
        type="button"
        className="btn btn-small"
        aria-expanded={listOpen}
        aria-controls="essay-side"
        onClick={() => setListOpen((o) => !o)}
        data-testid="essay-list-toggle"
      >
        {listOpen ? t('admin.desk.list.hide') : t('admin.desk.list.show')}
      </button>
      <button type="button" className="btn btn-small" onClick={startNew} data-testid="essay-new">
        {t('admin.desk.list.new')}
      </button>
    </>
  );
  return (
    <div className={`essays-tab${listOpen ? ' list-open' : ''}`}>
      <section
        className="essays-side"
        id="essay-side"
        ref={side}
        aria-label={t('admin.desk.list.label')}
        hidden={!listOpen}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || roomForList()) return;
          setListOpen(false);
          document.querySelector<HTMLElement>('[data-testid="essay-list-toggle"]')?.focus();
        }}
      >
        <Reservations onOpen={open} />
        <EssayList selected={current?.id ?? null} onSelect={open} />
      </section>
      <EssayEditor
        // A new essay that gets saved keeps its editor (focus, cursor, view): only opening remounts.
        key={editorKey}
        essay={current}
        onSaved={setCurrent}
        onDeleted={() => {
          setCurrent(null);
          setEditorKey((k) => k + 1);
        }}
        onDirtyChange={onDirtyChange}
        barStart={barStart}
      />
    </div>
  );
};
