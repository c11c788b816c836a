import type { Essay } from '@candy/contract/calls/essays';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { formatDateTime, relativeTime } from '../../../ui/adminKit/index.ts';
import { EssayEditor } from './EssayEditor.tsx';
import { EssayList } from './EssayList.tsx';

/** The reserved essays, soonest first, above the list. */
const Reservations = ({ onOpen }: { onOpen: (essay: Essay) => void }) => {
  const reserved = useQuery({ queryKey: ['essays', 'reserved'], queryFn: () => call('reservationList') });
  if (!reserved.data?.length) return null;
  return (
    <div className="essay-reservations" data-testid="reservations">
      <strong>定时发布</strong>
      {reserved.data.map((essay) => (
        <button key={essay.id} type="button" className="btn btn-text" onClick={() => onOpen(essay)}>
          #{essay.id} · {formatDateTime(essay.reservation ?? 0)}（{relativeTime(essay.reservation ?? 0)}）
        </button>
      ))}
    </div>
  );
};

/** Essays: the list on one side, the editor (a new essay or the picked one) on the other. */
export const EssaysTab = () => {
  const [current, setCurrent] = useState<Essay | null>(null);
  const [editorKey, setEditorKey] = useState(0);
  // On a phone the editor sits below the list: bring it into view when an essay is opened.
  const showEditor = () =>
    requestAnimationFrame(() =>
      document
        .querySelector('[data-testid="essay-editor"]')
        ?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  const open = (essay: Essay) => {
    setCurrent(essay);
    showEditor();
  };
  const startNew = () => {
    setCurrent(null);
    setEditorKey((k) => k + 1);
    showEditor();
  };
  return (
    <div className="essays-tab">
      <div className="essays-side">
        <button type="button" className="btn btn-primary" onClick={startNew} data-testid="essay-new">
          ＋ 新随笔
        </button>
        <Reservations onOpen={open} />
        <EssayList selected={current?.id ?? null} onSelect={open} />
      </div>
      <EssayEditor
        key={`${current?.id ?? 'new'}-${editorKey}`}
        essay={current}
        onSaved={setCurrent}
        onDeleted={() => {
          setCurrent(null);
          setEditorKey((k) => k + 1);
        }}
      />
    </div>
  );
};
