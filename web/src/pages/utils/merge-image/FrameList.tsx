import { useState } from 'react';
import { useT } from '../../../i18n/useT.ts';

export interface FrameItem {
  id: string;
  file: File;
  url: string;
}

interface FrameListProps {
  items: FrameItem[];
  onChange: (items: FrameItem[]) => void;
}

const move = <T,>(list: T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** The screenshots in stitching order: drag to reorder (buttons on touch screens), sort by name. */
export const FrameList = ({ items, onChange }: FrameListProps) => {
  const t = useT();
  const [dragging, setDragging] = useState<number | null>(null);
  const sortByName = () =>
    onChange([...items].sort((a, b) => a.file.name.localeCompare(b.file.name, undefined, { numeric: true })));
  return (
    <section className="merge-frames">
      <div className="tool-row">
        <span>{t('utils.merge-image.frames', { count: items.length })}</span>
        <button type="button" onClick={sortByName} disabled={items.length < 2}>
          {t('utils.merge-image.sortByName')}
        </button>
        <button type="button" onClick={() => onChange([])}>
          {t('utils.merge-image.clear')}
        </button>
      </div>
      <ol className="merge-frame-list" data-testid="frame-list">
        {items.map((item, i) => (
          <li
            key={item.id}
            draggable
            className={dragging === i ? 'merge-frame--dragging' : undefined}
            onDragStart={(e) => {
              setDragging(i);
              e.dataTransfer.effectAllowed = 'move';
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null && dragging !== i) onChange(move(items, dragging, i));
              setDragging(null);
            }}
          >
            <img src={item.url} alt={item.file.name} />
            <span className="merge-frame-name" data-content>
              {i + 1}. {item.file.name}
            </span>
            <span className="merge-frame-actions">
              <button
                type="button"
                aria-label={t('utils.merge-image.up')}
                disabled={i === 0}
                onClick={() => onChange(move(items, i, i - 1))}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={t('utils.merge-image.down')}
                disabled={i === items.length - 1}
                onClick={() => onChange(move(items, i, i + 1))}
              >
                ↓
              </button>
              <button
                type="button"
                aria-label={t('utils.merge-image.remove')}
                onClick={() => onChange(items.filter((x) => x !== item))}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
};
