import { sourceLanguage } from '@candy/contract/languages';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, expect, it } from 'vitest';
import { needPart, switchTo, t } from './i18n.ts';
import { rich } from './rich.tsx';

afterAll(() => switchTo(sourceLanguage));

it('puts each element where the translation names it, the text around it word for word', async () => {
  await needPart('admin');
  const html = (key: string, elements: Parameters<typeof rich>[2], values?: Record<string, unknown>) =>
    renderToStaticMarkup(<p>{rich(t, key, elements, values)}</p>);
  expect(html('admin.tokens.intro', { header: <code>H</code> })).toMatch(
    /^<p>脚本和其他程序用令牌代替登录：请求头写 <code>H<\/code>。令牌按/,
  );
  expect(html('admin.federation.delivery.tried', { when: <time>now</time> }, { attempts: 3 })).toBe(
    '<p>试了 3 次 · <time>now</time></p>',
  );
  expect(html('admin.import.unmatched.where', { author: <b>A</b>, url: <code>/x</code> })).toBe(
    '<p><b>A</b> 在 <code>/x</code></p>',
  );
  await switchTo('en');
  expect(html('admin.federation.delivery.tried', { when: <time>now</time> }, { attempts: 1 })).toBe(
    '<p>Tried 1 time · <time>now</time></p>',
  );
  expect(html('admin.import.unmatched.where', { author: <b>A</b>, url: <code>/x</code> })).toBe(
    '<p><b>A</b> on <code>/x</code></p>',
  );
});
