import type { Todo } from '@candy/contract/calls/todos';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
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
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import {
  AdminPage,
  Badge,
  EmptyState,
  ErrorState,
  formatDateTime,
  LoadingState,
  type TabItem,
  Tabs,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import './todos.css';

type Filter = 'all' | 'open' | 'done';
const filters: TabItem<Filter>[] = [
  { id: 'open', label: '未完成' },
  { id: 'done', label: '已完成' },
  { id: 'all', label: '全部' },
];
const priorityLabel = ['', '低', '中', '高'] as const;

/** YYYY-MM-DD of a due time, in local time. */
const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
/** The end of a local day: a to-do due that day is overdue from the next. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).getTime();

const Row = ({ todo, onChange }: { todo: Todo; onChange: (patch: Partial<Todo>) => void }) => {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: todo.id,
  });
  const overdue = !todo.done && todo.dueAt !== null && todo.dueAt < Date.now();
  return (
    <li
      ref={setNodeRef}
      className={`todo-row${isDragging ? ' is-dragging' : ''}${todo.done ? ' is-done' : ''}${overdue ? ' is-overdue' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="todo-row"
      data-done={todo.done}
    >
      <button
        type="button"
        className="todo-drag"
        aria-label={`拖动排序：${todo.title}`}
        data-testid="todo-drag"
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <input
        type="checkbox"
        className="todo-check"
        checked={todo.done}
        aria-label={`完成：${todo.title}`}
        onChange={(e) => onChange({ done: e.target.checked })}
        data-testid="todo-check"
      />
      <span className="todo-title" data-testid="todo-title">
        {todo.title}
      </span>
      <span className="todo-meta">
        {todo.priority > 0 && (
          <Badge tone={todo.priority === 3 ? 'danger' : 'info'}>{priorityLabel[todo.priority]}</Badge>
        )}
        {todo.dueAt !== null && (
          <span
            className={overdue ? 'todo-due overdue' : 'todo-due muted'}
            title={formatDateTime(todo.dueAt)}
          >
            {overdue ? '已逾期 · ' : ''}
            {dayOf(todo.dueAt)}
          </span>
        )}
      </span>
      <input
        type="date"
        className="input todo-date"
        aria-label={`截止日期：${todo.title}`}
        value={todo.dueAt === null ? '' : dayOf(todo.dueAt)}
        onChange={(e) => e.target.value && onChange({ dueAt: endOfDay(e.target.value) })}
      />
      <select
        className="input todo-priority"
        aria-label={`优先级：${todo.title}`}
        value={todo.priority}
        onChange={(e) => onChange({ priority: Number(e.target.value) as Todo['priority'] })}
      >
        <option value={0}>无</option>
        <option value={1}>低</option>
        <option value={2}>中</option>
        <option value={3}>高</option>
      </select>
    </li>
  );
};

/** The owner's to-dos: quick add, check off, drag (or keyboard) to reorder, filter, overdue marked. */
export default function TodosPage() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>('open');
  const [title, setTitle] = useState('');
  const todos = useQuery({ queryKey: ['todos'], queryFn: () => call('todoList', {}) });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const all = todos.data ?? [];
  const shown = all.filter((t) => filter === 'all' || (filter === 'done' ? t.done : !t.done));
  const setList = (list: Todo[]) => queryClient.setQueryData(['todos'], list);

  const add = async () => {
    const text = title.trim();
    if (!text) return;
    setList(await call('todoPut', { body: { title: text } }));
    setTitle('');
  };
  const change = async (todo: Todo, patch: Partial<Todo>) => {
    const saved = await call('todoUpdate', { params: { id: todo.id }, body: patch });
    setList(all.map((t) => (t.id === saved.id ? saved : t)));
  };
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shown.map((t) => t.id);
    const moved = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    // The shown ones take their new order within the slots they held in the whole list.
    const slots = all.map((t, i) => (ids.includes(t.id) ? i : -1)).filter((i) => i >= 0);
    const order = all.map((t) => t.id);
    slots.forEach((slot, k) => {
      order[slot] = moved[k] as number;
    });
    const byId = new Map(all.map((t) => [t.id, t]));
    setList(order.map((id) => byId.get(id) as Todo));
    setList(await call('todoPut', { body: { order } }));
  };

  return (
    <AdminPage title="待办" data-testid="todos-page">
      <form
        className="todo-add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input
          className="input"
          aria-label="新的待办"
          placeholder="添加待办，回车保存"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="todo-input"
        />
        <Button kind="primary" type="submit" data-testid="todo-add">
          添加
        </Button>
      </form>
      <Tabs tabs={filters} value={filter} onChange={setFilter} />
      {todos.isPending ? (
        <LoadingState />
      ) : todos.isError ? (
        <ErrorState error={todos.error} onRetry={() => void todos.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState>{filter === 'done' ? '还没有完成的待办' : '没有待办'}</EmptyState>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
          <SortableContext items={shown.map((t) => t.id)} strategy={verticalListSortingStrategy}>
            <ul className="todo-list" data-testid="todo-list">
              {shown.map((todo) => (
                <Row key={todo.id} todo={todo} onChange={(patch) => void change(todo, patch)} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </AdminPage>
  );
}
