import Bowser from 'bowser';

/**
 * Browser, system and kind of device read from a User-Agent (empty strings when unknown). Analytics
 * counts visitors with it; the push page names the browsers that receive notifications.
 */
export const deviceOf = (userAgent: string) => {
  if (!userAgent) return { browser: '', os: '', platform: '' };
  const parsed = Bowser.parse(userAgent);
  return {
    browser: (parsed.browser.name ?? '').slice(0, 40),
    os: (parsed.os.name ?? '').slice(0, 40),
    platform: (parsed.platform.type ?? '').slice(0, 16),
  };
};
