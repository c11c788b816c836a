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
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { t as translate } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  AdminPage,
  deletedToast,
  EmptyState,
  ErrorState,
  LoadingState,
  shortTitle,
  type TabItem,
  Tabs,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { editTodo } from './TodoEditor.tsx';
import { TodoRow } from './TodoRow.tsx';
import './todos.css';

type Filter = 'all' | 'open' | 'done';
const filterIds: Filter[] = ['open', 'done', 'all'];
/** The filter tabs in the active language. */
const filtersIn = (t: typeof translate): TabItem<Filter>[] =>
  filterIds.map((id) => ({ id, label: t(`admin.todos.filter.${id}`) }));

/** The question before emptying the finished ones: how many, and the first few by name. */
const clearQuestion = (t: typeof translate, done: Todo[]) => {
  const [a = '', b = '', c = ''] = done.slice(0, 3).map((todo) => shortTitle(todo.title, 12));
  return t('admin.todos.clear.confirm', {
    count: done.length,
    a,
    b,
    c,
  });
};

/** The owner's to-dos: quick add, check off, edit, delete (with undo), drag to reorder, filter. */
export default function TodosPage() {
  const t = useT();
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
  const done = all.filter((todo) => todo.done);
  const shown = all.filter((todo) => filter === 'all' || (filter === 'done' ? todo.done : !todo.done));
  const setList = (list: Todo[]) => queryClient.setQueryData(['todos'], list);
  const replace = (saved: Todo) =>
    queryClient.setQueryData<Todo[]>(['todos'], (list) =>
      list?.map((todo) => (todo.id === saved.id ? saved : todo)),
    );
  /** Puts deleted to-dos back on the server, as they were. */
  const restore = async (list: Todo[]) => setList(await call('todoRestore', { body: { todos: list } }));

  const add = async () => {
    const text = title.trim();
    if (!text) return;
    setList(await call('todoPut', { body: { title: text } }));
    setTitle('');
  };
  const change = async (todo: Todo, patch: Partial<Todo>) => {
    replace(await call('todoUpdate', { params: { id: todo.id }, body: patch }));
  };
  const remove = async (todo: Todo) => {
    await call('todoDelete', { params: { id: todo.id } });
    queryClient.setQueryData<Todo[]>(['todos'], (list) => list?.filter((item) => item.id !== todo.id));
    deletedToast(translate('admin.todos.deleted', { title: shortTitle(todo.title) }), () => restore([todo]));
  };
  const clearDone = async () => {
    const removed = await call('todoClearDone');
    const gone = new Set(removed.map((todo) => todo.id));
    queryClient.setQueryData<Todo[]>(['todos'], (list) => list?.filter((todo) => !gone.has(todo.id)));
    if (removed.length > 0)
      deletedToast(translate('admin.todos.cleared', { count: removed.length }), () => restore(removed));
  };
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = shown.map((todo) => todo.id);
    const moved = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    // The shown ones take their new order within the slots they held in the whole list.
    const slots = all.map((todo, i) => (ids.includes(todo.id) ? i : -1)).filter((i) => i >= 0);
    const order = all.map((todo) => todo.id);
    slots.forEach((slot, k) => {
      order[slot] = moved[k] as number;
    });
    const byId = new Map(all.map((todo) => [todo.id, todo]));
    setList(order.map((id) => byId.get(id) as Todo));
    setList(await call('todoPut', { body: { order } }));
  };

  return (
    <AdminPage
      title={t('admin.title.mabinogion')}
      data-testid="todos-page"
      actions={
        <Button
          kind="dangerous"
          disabled={done.length === 0}
          disabledReason={t('admin.todos.clear.none')}
          confirm={{ title: t('admin.todos.clear.title'), message: clearQuestion(t, done) }}
          onClick={clearDone}
          data-testid="todo-clear-done"
        >
          {t('admin.todos.clear')}
        </Button>
      }
    >
      <form
        className="todo-add"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <input
          className="input"
          aria-label={t('admin.todos.add.label')}
          placeholder={t('admin.todos.add.placeholder')}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="todo-input"
        />
        <Button kind="primary" type="submit" data-testid="todo-add">
          {t('admin.todos.add')}
        </Button>
      </form>
      <Tabs tabs={filtersIn(t)} value={filter} onChange={setFilter} />
      {todos.isPending ? (
        <LoadingState />
      ) : todos.isError ? (
        <ErrorState error={todos.error} onRetry={() => void todos.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState>{filter === 'done' ? t('admin.todos.empty.done') : t('admin.todos.empty')}</EmptyState>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
          <SortableContext items={shown.map((todo) => todo.id)} strategy={verticalListSortingStrategy}>
            <ul className="todo-list" data-testid="todo-list">
              {shown.map((todo) => (
                <TodoRow
                  key={todo.id}
                  todo={todo}
                  onChange={(patch) => void change(todo, patch)}
                  onEdit={() => editTodo(todo, replace)}
                  onDelete={() => remove(todo)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </AdminPage>
  );
}
