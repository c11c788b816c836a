import { beforeAll, describe, expect, it } from 'vitest';
import { needPart } from '../../../../i18n/i18n.ts';
import { spamQuestion } from './useMarkSpam.ts';

// The question is the back office's words (the source language's, as a page starts).
beforeAll(() => needPart('admin'));

/** Issue 41.1: the confirmation says how many comments of how many devices the mark hides. */
describe('spamQuestion', () => {
  it('names the server’s counts and the device’s waiting comments it adds', () => {
    expect(spamQuestion({ comments: 3, devices: 1 }, 1)).toBe(
      '将隐藏 3 条评论，来自 1 个设备（其中 2 条是这些设备还在等待审核的评论）。已显示的其他评论和博主的评论不受影响，之后这些设备的新评论直接进入垃圾箱。可以在提示里撤销。',
    );
  });

  it('adds nothing when the mark hides only the chosen ones', () => {
    expect(spamQuestion({ comments: 2, devices: 2 }, 2)).toMatch(/^将隐藏 2 条评论，来自 2 个设备。/);
  });
});
