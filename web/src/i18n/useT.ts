import { useSyncExternalStore } from 'react';
import { currentLanguage, onLanguageChange, t } from './i18n.ts';

/** The active language; a component reading it re-renders when the visitor switches. */
export const useLanguage = () => useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);

/** `t`, for a component: reading it through this hook re-renders the component on a switch. */
export const useT = (): typeof t => {
  useLanguage();
  return t;
};
