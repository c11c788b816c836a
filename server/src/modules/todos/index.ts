import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createTodoRepo } from './repo.ts';
import { createTodosService } from './service.ts';

/** The owner's to-do list (issue 11); owner-only, so nothing public to invalidate. */
export const todosModule = (ctx: ModuleContext) => {
  const todos = createTodosService(createTodoRepo(ctx.db), ctx.now);
  ctx.router.route(calls.todoList, ({ query }) => todos.list(query.filter));
  ctx.router.route(calls.todoPut, ({ body }) => todos.put(body));
  ctx.router.route(calls.todoDetail, ({ params }) => todos.get(params.id));
  ctx.router.route(calls.todoUpdate, ({ params, body }) => todos.update(params.id, body));
  ctx.router.route(calls.todoDelete, ({ params }) => todos.remove(params.id));
  ctx.router.route(calls.todoClearDone, () => todos.clearDone());
  ctx.router.route(calls.todoRestore, ({ body }) => todos.restore(body));
  return { todos };
};
