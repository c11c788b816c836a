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
const filters: TabItem<Filter>[] = [
  { id: 'open', label: '未完成' },
  { id: 'done', label: '已完成' },
  { id: 'all', label: '全部' },
];

/** The question before emptying the finished ones: how many, and the first few by name. */
const clearQuestion = (done: Todo[]) => {
  const names = done
    .slice(0, 3)
    .map((t) => `「${shortTitle(t.title, 12)}」`)
    .join('');
  return `删除 ${done.length} 条已完成的待办 ${names}${done.length > 3 ? ' 等' : ''}？`;
};

/** The owner's to-dos: quick add, check off, edit, delete (with undo), drag to reorder, filter. */
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
  const done = all.filter((t) => t.done);
  const shown = all.filter((t) => filter === 'all' || (filter === 'done' ? t.done : !t.done));
  const setList = (list: Todo[]) => queryClient.setQueryData(['todos'], list);
  const replace = (saved: Todo) =>
    queryClient.setQueryData<Todo[]>(['todos'], (list) => list?.map((t) => (t.id === saved.id ? saved : t)));
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
    queryClient.setQueryData<Todo[]>(['todos'], (list) => list?.filter((t) => t.id !== todo.id));
    deletedToast(`已删除待办「${shortTitle(todo.title)}」`, () => restore([todo]));
  };
  const clearDone = async () => {
    const removed = await call('todoClearDone');
    const gone = new Set(removed.map((t) => t.id));
    queryClient.setQueryData<Todo[]>(['todos'], (list) => list?.filter((t) => !gone.has(t.id)));
    if (removed.length > 0) deletedToast(`已删除 ${removed.length} 条已完成的待办`, () => restore(removed));
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
    <AdminPage
      title="待办"
      data-testid="todos-page"
      actions={
        <Button
          kind="dangerous"
          disabled={done.length === 0}
          disabledReason="还没有已完成的待办"
          confirm={{ title: '删除已完成的待办', message: clearQuestion(done) }}
          onClick={clearDone}
          data-testid="todo-clear-done"
        >
          删除已完成
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
