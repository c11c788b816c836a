import fs from 'node:fs';
import path from 'node:path';
import { type RouteName, routes } from '@candy/contract/routes';
import { expect, it } from 'vitest';
import { routeOf, visitorRoutes } from './routeOf.ts';

const webSrc = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

it('answers every call with the route table’s own method, path and access', async () => {
  const names = Object.keys(routes) as RouteName[];
  const answered = await Promise.all(names.map(async (name) => [name, await routeOf(name)] as const));
  expect(Object.fromEntries(answered)).toEqual(routes);
});

it('answers a visitor’s call at once and a back-office call after the table loads', () => {
  expect(routeOf('essayList')).toEqual(routes.essayList);
  expect(routeOf('todoList')).toBeInstanceOf(Promise);
});

/** The owner's own ways in from a public page: the login page, passkeys, a fresh login. */
const ownerOnly = /pages\/public\/contract\/|ui\/freshLogin\/|core\/passkeys\.ts$/;

it('has the route of every call the shell and the public pages make, so none waits for the table', () => {
  const files = ['app', 'core', 'ui', 'pages/public', 'pages/utils']
    .flatMap((dir) =>
      fs
        .readdirSync(path.join(webSrc, dir), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name))
        .map((d) => path.join(d.parentPath, d.name)),
    )
    .filter((file) => !ownerOnly.test(file));
  const called = new Set<string>();
  for (const file of files)
    for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/\b(?:call|rawCall)\(\s*'(\w+)'/g))
      called.add(name as string);
  expect(called.size).toBeGreaterThan(20);
  expect([...called].filter((name) => !(name in visitorRoutes))).toEqual([]);
});
