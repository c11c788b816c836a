import type { RouteDef } from '../routeDef.ts';

/** The owner's to-do list (issue 11). */
export const todosRoutes = {
  todoList: { method: 'GET', path: '/todolist/realtodo', access: 'owner' },
  /** Creates one, or replaces the order of the whole list. */
  todoPut: { method: 'PUT', path: '/todolist/realtodo', access: 'owner' },
  todoDetail: { method: 'GET', path: '/todolist/realtodo/:id', access: 'owner' },
  todoUpdate: { method: 'PUT', path: '/todolist/realtodo/:id', access: 'owner' },
  todoDelete: { method: 'DELETE', path: '/todolist/realtodo/:id', access: 'owner' },
  /** Deletes every finished to-do (issue 24). */
  todoClearDone: { method: 'DELETE', path: '/todolist/realtodo', access: 'owner' },
  /** Puts deleted to-dos back as they were: the undo after a delete (issue 24). */
  todoRestore: { method: 'POST', path: '/todolist/realtodo/restore', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
