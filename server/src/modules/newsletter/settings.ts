import { type NewsletterSettings, rateRange } from '@candy/contract/calls/newsletter';
import type { MetaService } from '../meta/service.ts';

const group = 'newsletter';

/** The owner's newsletter settings, kept in meta so every replica reads the same. */
export const createNewsletterSettings = (meta: Pick<MetaService, 'get' | 'set'>) => ({
  async read(): Promise<NewsletterSettings> {
    const rate = Number(await meta.get(group, 'rate-per-minute'));
    return {
      ratePerMinute:
        Number.isInteger(rate) && rate >= rateRange.min && rate <= rateRange.max ? rate : rateRange.default,
      autoSend: (await meta.get(group, 'auto-send')) !== 'false',
    };
  },
  async write(settings: NewsletterSettings): Promise<void> {
    await meta.set(group, 'rate-per-minute', String(settings.ratePerMinute));
    await meta.set(group, 'auto-send', String(settings.autoSend));
  },
});

export type NewsletterSettingsStore = ReturnType<typeof createNewsletterSettings>;
