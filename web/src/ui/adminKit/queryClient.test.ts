import { sourceLanguage } from '@candy/contract/languages';
import { QueryObserver } from '@tanstack/react-query';
import { afterAll, describe, expect, it } from 'vitest';
import { currentLanguage, provide, switchTo } from '../../i18n/i18n.ts';
import { queryClient } from './queryClient.ts';

/** The server's answer in the language the client asks in (a job's name, say). */
const jobNames: Record<string, string> = { 'zh-CN': '清理', en: 'Clean-up' };

describe('the back office’s queries on a language switch (issue 44)', () => {
  afterAll(async () => {
    await switchTo(sourceLanguage);
    queryClient.clear();
  });

  it('fetches what is shown again in the new language, and nothing on a catalogue load', async () => {
    let fetched = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['jobs'],
      queryFn: () => {
        fetched += 1;
        return Promise.resolve([jobNames[currentLanguage()]]);
      },
    });
    const shown: unknown[] = [];
    const stop = observer.subscribe((result) => {
      if (result.data) shown.push(result.data);
    });
    await expect.poll(() => shown.at(-1)).toEqual(['清理']);
    // Loading messages (a part, same language) says `change` too: nothing is fetched for it.
    provide(currentLanguage(), 'public', {});
    expect(fetched).toBe(1);
    await switchTo('en');
    await expect.poll(() => shown.at(-1)).toEqual(['Clean-up']);
    expect(fetched).toBe(2);
    // A query no one shows is marked stale, fetched when next used.
    stop();
    await switchTo(sourceLanguage);
    expect(queryClient.getQueryState(['jobs'])?.isInvalidated).toBe(true);
    expect(fetched).toBe(2);
  });
});
