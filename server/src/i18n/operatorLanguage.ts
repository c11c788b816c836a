import {
  allLanguages,
  isLanguage,
  type Language,
  pickLanguage,
  sourceLanguage,
} from '@candy/contract/languages';

/**
 * The language the command line speaks (issue 44): the operator's locale, read as a browser's
 * `Accept-Language` is — the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set (POSIX's order),
 * `zh_CN.UTF-8` → Chinese, `en_GB.UTF-8` → English, a language the server lacks (`fr_FR`) → English;
 * a locale that names no language (`C`, `C.UTF-8`, `POSIX`, unset, as in most containers) → the
 * site's language (`SITE_LANGUAGE`). Every language the server has a catalogue of counts: the
 * offered list (`SITE_LANGUAGES`) is for visitors. Read from the environment, not the configuration,
 * so that even a refused configuration is reported in it.
 */
export const operatorLanguage = (env: NodeJS.ProcessEnv = process.env): Language => {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  // `ll_CC.codeset@modifier` → `ll-CC`; `C` and `POSIX` name no language.
  const tag = locale.split(/[.@]/)[0]?.replace('_', '-') ?? '';
  const site = env.SITE_LANGUAGE;
  return pickLanguage({
    accepted: /^(c|posix)$/i.test(tag) ? '' : tag,
    offered: allLanguages,
    fallback: isLanguage(site) ? site : sourceLanguage,
  });
};
