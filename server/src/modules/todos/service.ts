import type { Todo, TodoPatch, TodoPutInput, TodoRestoreInput } from '@candy/contract/calls/todos';
import type { Selectable } from 'kysely';
import type { TodoTable } from '../../db/schema.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { TodoRepo } from './repo.ts';

const priorityOf = (p: number): Todo['priority'] => (p === 1 || p === 2 || p === 3 ? p : 0);

const present = (row: Selectable<TodoTable>): Todo => ({
  id: row.id,
  title: row.title,
  notes: row.notes,
  done: Boolean(row.done),
  dueAt: row.due_at === null ? null : Number(row.due_at),
  priority: priorityOf(row.priority),
  order: row.sort_order,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The owner's to-do list (issue 11). */
export const createTodosService = (repo: TodoRepo, now: () => number = Date.now) => {
  const get = async (id: number): Promise<Todo> => {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.todos.notFound'));
    return present(row);
  };
  const list = async (filter: 'all' | 'open' | 'done' = 'all') => (await repo.all(filter)).map(present);
  return {
    list,
    get,

    /** A new to-do goes last; an `order` puts the listed ids first, in that order. */
    async put(input: TodoPutInput): Promise<Todo[]> {
      if (input.order) {
        const ids = [...new Set(input.order)];
        const known = new Set((await repo.all('all')).map((r) => r.id));
        const unknown = ids.find((id) => !known.has(id));
        if (unknown !== undefined)
          throw invalidField('order', 'unknownId', said('error.todos.unknownId', { id: unknown }));
        await repo.reorder(ids, now());
      } else {
        const at = now();
        await repo.insert({
          title: input.title as string,
          notes: input.notes ?? '',
          done: 0,
          due_at: input.dueAt ?? null,
          priority: input.priority ?? 0,
          sort_order: (await repo.lastOrder()) + 1,
          created_at: at,
          updated_at: at,
        });
      }
      return list();
    },

    async update(id: number, patch: TodoPatch): Promise<Todo> {
      await get(id);
      await repo.update(id, {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
        ...(patch.done !== undefined ? { done: patch.done ? 1 : 0 } : {}),
        ...(patch.dueAt !== undefined ? { due_at: patch.dueAt } : {}),
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.order !== undefined ? { sort_order: patch.order } : {}),
        updated_at: now(),
      });
      return get(id);
    },

    /** Deletes every finished to-do; answers them so that the owner can take it back. */
    clearDone: async (): Promise<Todo[]> => (await repo.removeDone()).map(present),

    /** Puts deleted to-dos back with their ids, place in the order and times (the undo). */
    async restore(input: TodoRestoreInput): Promise<Todo[]> {
      await repo.restore(
        input.todos.map((t) => ({
          id: t.id,
          title: t.title,
          notes: t.notes,
          done: t.done ? 1 : 0,
          due_at: t.dueAt,
          priority: t.priority,
          sort_order: t.order,
          created_at: t.createdAt,
          updated_at: t.updatedAt,
        })),
      );
      return list();
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await repo.remove(id))) throw notFound(said('error.todos.notFound'));
      return { id };
    },
  };
};

export type TodosService = ReturnType<typeof createTodosService>;
