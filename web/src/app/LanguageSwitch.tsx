import { languages } from '@candy/contract/languages';
import { runtimeConfig } from '../core/runtimeConfig.ts';
import { chooseLanguage } from '../i18n/choice.ts';
import { t } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/useT.ts';
import { reportError } from '../ui/reportError.ts';

/**
 * The interface language (issue 44), in the settings menu: each offered language by its own name
 * (中文, English), so a reader finds theirs whichever is shown. Absent when the owner offers one.
 */
export const LanguageSwitch = () => {
  const active = useLanguage();
  if (runtimeConfig.languages.length < 2) return null;
  return (
    <fieldset className="language-switch" aria-label={t('settings.language')} data-testid="language-switch">
      {runtimeConfig.languages.map((language) => (
        <button
          key={language}
          type="button"
          className="menu-entry"
          lang={languages[language].intl}
          aria-pressed={language === active}
          data-testid={`language-${language}`}
          onClick={() => chooseLanguage(language).catch(reportError)}
        >
          {languages[language].name}
        </button>
      ))}
    </fieldset>
  );
};
