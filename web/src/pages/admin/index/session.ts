import { storage } from '../../../core/storage.ts';
import { t } from '../../../i18n/i18n.ts';

/** Forgets the stored key: the owner is a visitor again (not an expired owner: they chose to leave). */
export const forgetAccessKey = (): void =>
  storage.set({ accessKey: '', accessExp: 0, isExpiredGreatOldOne: false });

/** A browser's user agent cut to its recognisable part. */
export const shortUserAgent = (ua: string): string => {
  const match = /(Edg|OPR|Firefox|Chrome|Chromium|Safari|curl)\/[\d.]+/.exec(ua);
  const system = /\(([^;)]+)/.exec(ua)?.[1];
  if (!match) return ua.slice(0, 40) || t('admin.home.unknown');
  return system ? `${match[0]} · ${system}` : match[0];
};
