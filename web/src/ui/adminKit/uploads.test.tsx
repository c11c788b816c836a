import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { UploadList } from './uploads.tsx';

/** Issue 41.6: each upload's bar says what it measures to a screen reader (axe: aria-progressbar-name). */
it('names every upload’s progress bar after its file, in every state', () => {
  const markup = renderToStaticMarkup(
    <UploadList
      items={[
        { id: 1, name: 'wordpress.xml', loaded: 10, total: 100, state: 'uploading' },
        { id: 2, name: 'ghost.json', loaded: 0, total: 100, state: 'failed', error: '文件格式不对' },
        { id: 3, name: 'hexo.zip', loaded: 100, total: 100, state: 'done' },
      ]}
    />,
  );
  const bars = [...markup.matchAll(/<div[^>]*role="progressbar"[^>]*>/g)].map((m) => m[0]);
  expect(bars).toHaveLength(3);
  expect(bars.map((bar) => /aria-label="([^"]*)"/.exec(bar)?.[1])).toEqual([
    '上传 wordpress.xml',
    '上传 ghost.json',
    '上传 hexo.zip',
  ]);
});

/** Issue 41.6: a refused upload says why once, in its own row, with the refusal's field lines. */
it('shows a failed upload’s reason in its row, once, with every field line', () => {
  const markup = renderToStaticMarkup(
    <UploadList
      items={[
        {
          id: 1,
          name: 'ghost.json',
          loaded: 0,
          total: 100,
          state: 'failed',
          error: '填写的内容有误，请按提示修改',
          errorLines: ['[file]: 不是 Ghost 的导出文件'],
        },
      ]}
    />,
  );
  const alerts = [...markup.matchAll(/<p[^>]*role="alert"[^>]*>([^<]*)<\/p>/g)].map((m) => m[1]);
  expect(alerts).toEqual(['填写的内容有误，请按提示修改\n[file]: 不是 Ghost 的导出文件']);
  expect(markup.split('不是 Ghost 的导出文件')).toHaveLength(2);
});
