import type { Material } from '@candy/contract/calls/videos';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import { StatusBadge } from '../ryona-material/shared/StatusBadge.tsx';
import { formatSeconds } from '../ryona-material/shared/time.ts';
import { VideoCover } from '../ryona-material/shared/VideoCover.tsx';

const Row = ({
  id,
  material,
  onRemove,
  index,
}: {
  id: number;
  material: Material | undefined;
  onRemove: () => void;
  index: number;
}) => {
  const t = useT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`video-clip-row${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="collection-clip"
    >
      <button
        type="button"
        className="video-drag"
        aria-label={t('admin.collections.clips.drag', { number: index + 1 })}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <VideoCover cover={material?.cover ?? null} pictures={material?.pictures} />
      <span className="video-clip-title">
        {material ? <span data-content>{material.title}</span> : t('admin.collections.clips.deleted', { id })}
        {material && <small className="muted"> {formatSeconds(material.duration)}</small>}
      </span>
      {material && <StatusBadge material={material} />}
      <Button kind="text" onClick={onRemove}>
        {t('admin.collections.clips.remove')}
      </Button>
    </li>
  );
};

/** The collection's clips in play order: drag (or keyboard: space, arrows) to reorder. */
export const SortableClips = ({
  ids,
  materials,
  onChange,
}: {
  ids: number[];
  materials: Map<number, Material>;
  onChange: (ids: number[]) => void;
}) => {
  const t = useT();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  if (ids.length === 0) return <p className="muted">{t('admin.collections.clips.empty')}</p>;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="video-clip-list">
          {ids.map((id, index) => (
            <Row
              key={id}
              id={id}
              index={index}
              material={materials.get(id)}
              onRemove={() => onChange(ids.filter((x) => x !== id))}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
};
