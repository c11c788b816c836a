import type { Comment, CommentReply } from '@candy/contract/calls/comments';
import { describe, expect, it } from 'vitest';
import { withAdded, withRemoved, withUpdated } from './useComments.ts';

const reply = (id: number, patch: Partial<CommentReply> = {}): CommentReply => ({
  id,
  parentId: null,
  replyToId: null,
  replyToName: null,
  name: `visitor ${id}`,
  content: `comment ${id}`,
  isOwner: false,
  mine: false,
  avatarSeed: `seed${id}`,
  deleted: false,
  held: false,
  createdAt: id,
  updatedAt: id,
  source: 'visitor',
  authorUrl: null,
  avatarUrl: null,
  ...patch,
});
const top = (id: number, replies: CommentReply[] = []): Comment => ({ ...reply(id), replies });

const ids = (list: Comment[]) => list.map((c) => [c.id, c.replies.map((r) => r.id)]);

describe('withAdded', () => {
  it('puts a new top-level comment first', () => {
    expect(ids(withAdded([top(2), top(1)], reply(3)))).toEqual([
      [3, []],
      [2, []],
      [1, []],
    ]);
  });

  it('appends a reply to its top-level comment', () => {
    expect(ids(withAdded([top(2), top(1, [reply(5, { parentId: 1 })])], reply(6, { parentId: 1 })))).toEqual([
      [2, []],
      [1, [5, 6]],
    ]);
  });
});

describe('withUpdated', () => {
  it('replaces a top-level comment and keeps its replies', () => {
    const list = withUpdated([top(1, [reply(2, { parentId: 1 })])], reply(1, { content: 'edited' }));
    expect(list[0]?.content).toBe('edited');
    expect(list[0]?.replies.map((r) => r.id)).toEqual([2]);
  });

  it('replaces a reply in place', () => {
    const list = withUpdated(
      [top(1, [reply(2, { parentId: 1 })])],
      reply(2, { parentId: 1, content: 'edited' }),
    );
    expect(list[0]?.replies[0]?.content).toBe('edited');
  });
});

describe('withRemoved', () => {
  it('drops a top-level comment without replies', () => {
    expect(ids(withRemoved([top(2), top(1)], 2))).toEqual([[1, []]]);
  });

  it('leaves a placeholder for a top-level comment with replies', () => {
    const [placeholder] = withRemoved([top(1, [reply(2, { parentId: 1 })])], 1);
    expect(placeholder).toMatchObject({ id: 1, deleted: true, content: '', mine: false });
    expect(placeholder?.replies.map((r) => r.id)).toEqual([2]);
  });

  it('drops a reply', () => {
    expect(ids(withRemoved([top(1, [reply(2, { parentId: 1 }), reply(3, { parentId: 1 })])], 2))).toEqual([
      [1, [3]],
    ]);
  });
});
