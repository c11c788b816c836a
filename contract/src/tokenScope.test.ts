import { describe, expect, it } from 'vitest';
import { routeGroups, routes } from './routes.ts';
import { routeGroupOf, TOKEN_MODULES, type TokenScope, tokenPermits } from './tokenScope.ts';

const read: TokenScope = { kind: 'read', modules: [] };
const write: TokenScope = { kind: 'write', modules: [] };
const todos: TokenScope = { kind: 'modules', modules: ['todos'] };

describe('API token scopes', () => {
  it('every route is in exactly one group, found by its method and path', () => {
    const grouped = Object.values(routeGroups).flatMap((defs) => Object.keys(defs));
    expect(grouped.sort()).toEqual(Object.keys(routes).sort());
    expect(routeGroupOf('POST', '/blog/essay')).toBe('essays');
    expect(routeGroupOf('DELETE', '/todolist/realtodo/:id')).toBe('todos');
    expect(routeGroupOf('POST', '/nowhere')).toBeUndefined();
  });

  it('offers only groups with a write a token may make', () => {
    expect(TOKEN_MODULES).toEqual(expect.arrayContaining(['essays', 'todos', 'files', 'moments']));
    for (const group of ['auth', 'webhooks', 'tokens', 'health', 'docs', 'music'])
      expect(TOKEN_MODULES).not.toContain(group);
  });

  it.each([
    ['read', read, 'GET', '/todolist/realtodo', true],
    ['read', read, 'DELETE', '/todolist/realtodo', false],
    ['write', write, 'POST', '/blog/essay', true],
    ['todos', todos, 'GET', '/blog/reservation/essay', true],
    ['todos', todos, 'DELETE', '/todolist/realtodo', true],
    ['todos', todos, 'POST', '/blog/essay', false],
    ['todos', todos, 'POST', '/test/unknown', false],
  ] as const)('a %s token: %s %s → %s', (_, scope, method, path, allowed) => {
    expect(tokenPermits(scope, { method, path })).toBe(allowed);
  });
});
