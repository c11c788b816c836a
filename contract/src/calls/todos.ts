import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { todosRoutes as routes } from '../routes/todos.ts';
import { Deleted, IdParams } from './essays.ts';

/** 0 none, 1 low, 2 normal, 3 high. */
export const TodoPriority = z.lazy(() => z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]));

export const Todo = z.object({
  id: z.number().int(),
  title: z.string(),
  notes: z.string(),
  done: z.boolean(),
  /** Ms epoch, or null for no due date. */
  dueAt: z.number().int().nullable(),
  priority: TodoPriority,
  /** Position in the owner's order (smaller first). */
  order: z.number().int(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type Todo = z.infer<typeof Todo>;

const Title = z.lazy(() => z.string().trim().min(1, 'schema.title.empty').max(200));
const Notes = z.lazy(() => z.string().max(5000));
const DueAt = z.lazy(() => z.number().int().min(0).max(8_640_000_000_000).nullable());
const Ids = z.lazy(() => z.array(z.number().int().positive().max(2_147_483_647)).max(5000));

/** Either a new to-do (`title` …) or the whole list's new order (`order`: every id, first first). */
export const TodoPutInput = z.lazy(() =>
  z
    .object({
      title: Title.optional(),
      notes: Notes.optional(),
      dueAt: DueAt.optional(),
      priority: TodoPriority.optional(),
      order: Ids.optional(),
    })
    .superRefine((v, ctx) => {
      if ((v.title === undefined) === (v.order === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['title'], message: 'schema.todos.titleOrOrder' });
      }
    }),
);
export type TodoPutInput = z.infer<typeof TodoPutInput>;

export const TodoPatch = z.lazy(() =>
  z.object({
    title: Title.optional(),
    notes: Notes.optional(),
    done: z.boolean().optional(),
    dueAt: DueAt.optional(),
    priority: TodoPriority.optional(),
    order: z.number().int().min(-2_147_483_647).max(2_147_483_647).optional(),
  }),
);
export type TodoPatch = z.infer<typeof TodoPatch>;

/** Deleted to-dos as the list showed them, to put back with their ids, order and times. */
export const TodoRestoreInput = z.lazy(() =>
  z.object({
    todos: z
      .array(
        Todo.extend({
          id: z.number().int().positive().max(2_147_483_647),
          title: Title,
          notes: Notes,
          dueAt: DueAt,
          createdAt: z.number().int().min(0),
          updatedAt: z.number().int().min(0),
        }),
      )
      .min(1)
      .max(5000),
  }),
);
export type TodoRestoreInput = z.infer<typeof TodoRestoreInput>;

export const TodoQuery = z.lazy(() => z.object({ filter: z.enum(['all', 'open', 'done']).default('all') }));

export const todosCalls = {
  /** In the owner's order. */
  todoList: defineCall(routes.todoList, () => ({ query: TodoQuery, response: z.array(Todo) })),
  /** Answers the whole list after the change. */
  todoPut: defineCall(routes.todoPut, () => ({ body: TodoPutInput, response: z.array(Todo) })),
  todoDetail: defineCall(routes.todoDetail, () => ({ params: IdParams, response: Todo })),
  todoUpdate: defineCall(routes.todoUpdate, () => ({ params: IdParams, body: TodoPatch, response: Todo })),
  todoDelete: defineCall(routes.todoDelete, () => ({ params: IdParams, response: Deleted })),
  /** Answers the to-dos it deleted, so that the page can offer to put them back. */
  todoClearDone: defineCall(routes.todoClearDone, () => ({ response: z.array(Todo) })),
  /** Ids still present are left as they are; answers the whole list after. */
  todoRestore: defineCall(routes.todoRestore, () => ({ body: TodoRestoreInput, response: z.array(Todo) })),
} satisfies Record<keyof typeof routes, CallDef>;
