import type { RouteDef } from '../routeDef.ts';

/** The owner's to-do list (issue 11). */
export const todosRoutes = {
  todoList: { method: 'GET', path: '/todolist/realtodo', access: 'owner' },
  /** Creates one, or replaces the order of the whole list. */
  todoPut: { method: 'PUT', path: '/todolist/realtodo', access: 'owner' },
  todoDetail: { method: 'GET', path: '/todolist/realtodo/:id', access: 'owner' },
  todoUpdate: { method: 'PUT', path: '/todolist/realtodo/:id', access: 'owner' },
  todoDelete: { method: 'DELETE', path: '/todolist/realtodo/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
