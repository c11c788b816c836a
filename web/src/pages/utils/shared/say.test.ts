import { afterAll, describe, expect, it } from 'vitest';
import { switchTo } from '../../../i18n/i18n.ts';
import { SaidError, said, wordsOf } from './said.ts';
import { say } from './say.ts';

describe('a worker’s words, said on the page', () => {
  afterAll(() => switchTo('zh-CN'));

  it('translates a key with its values, a list as the language writes one', async () => {
    const widths = said('utils.merge-image.widths', { widths: [1080, 720] });
    expect(say(widths)).toBe('截图宽度不一致（1080、720 px）：请使用同一设备、同一方向的截图。');
    await switchTo('en');
    expect(say(widths)).toBe(
      'The screenshots differ in width (1080, 720 px): use one device, held the same way.',
    );
  });

  it('keeps a plain text as it is, and reads an error’s words', () => {
    expect(say('broken.png')).toBe('broken.png');
    expect(wordsOf(new SaidError(said('utils.qrcode-decode.unreadable')))).toEqual({
      key: 'utils.qrcode-decode.unreadable',
    });
    expect(wordsOf(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });
});
