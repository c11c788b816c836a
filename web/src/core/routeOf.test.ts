import { type RouteName, routes } from '@candy/contract/routes';
import { expect, it } from 'vitest';
import { routeOf } from './routeOf.ts';

it('answers every call with the route table’s own method, path and access', async () => {
  const names = Object.keys(routes) as RouteName[];
  const answered = await Promise.all(names.map(async (name) => [name, await routeOf(name)] as const));
  expect(Object.fromEntries(answered)).toEqual(routes);
});

it('answers a visitor’s call at once and a back-office call after the table loads', () => {
  expect(routeOf('essayList')).toEqual(routes.essayList);
  expect(routeOf('todoList')).toBeInstanceOf(Promise);
});
