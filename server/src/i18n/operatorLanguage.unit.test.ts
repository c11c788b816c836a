import { describe, expect, it } from 'vitest';
import { operatorLanguage } from './operatorLanguage.ts';

describe('the command line’s language (issue 44)', () => {
  it.each([
    [{ LANG: 'zh_CN.UTF-8' }, 'zh-CN'],
    [{ LANG: 'zh_TW.UTF-8', SITE_LANGUAGE: 'en' }, 'zh-CN'],
    [{ LANG: 'en_US.UTF-8' }, 'en'],
    [{ LANG: 'en_GB.UTF-8@euro', SITE_LANGUAGE: 'zh-CN' }, 'en'],
    // A language the server lacks: English, as for a browser that names only such languages.
    [{ LANG: 'fr_FR.UTF-8' }, 'en'],
    // POSIX's order: LC_ALL, then LC_MESSAGES, then LANG.
    [{ LC_ALL: 'en_US.UTF-8', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'zh_CN.UTF-8' }, 'en'],
    [{ LC_ALL: '', LC_MESSAGES: 'zh_CN.UTF-8', LANG: 'en_US.UTF-8' }, 'zh-CN'],
    // A locale that names no language: the site's.
    [{ LANG: 'C.UTF-8', SITE_LANGUAGE: 'en' }, 'en'],
    [{ LANG: 'C.UTF-8' }, 'zh-CN'],
    [{ LC_ALL: 'POSIX', SITE_LANGUAGE: 'en' }, 'en'],
    [{}, 'zh-CN'],
    [{ SITE_LANGUAGE: 'en' }, 'en'],
    // A site language the server does not know is the configuration's to refuse: the source here.
    [{ SITE_LANGUAGE: 'fr' }, 'zh-CN'],
  ])('%j → %s', (env, language) => {
    expect(operatorLanguage(env)).toBe(language);
  });
});
