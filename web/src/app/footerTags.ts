/** A footer tag link (spec §3: name, href, title): the owner's words, shown as written. */
export interface FooterTag {
  name: string;
  href: string;
  title: string;
}

import { t } from '../i18n/i18n.ts';

/**
 * The default (in the reader's language) until the owner sets `site.footer-tags` in metadata (served by `GET /meta/site`), and offline.
 * Internal links only, so the default promises nothing about the owner's accounts elsewhere.
 */
export const defaultFooterTags = (): FooterTag[] => [
  { name: t('footer.tag.chaos'), href: '/chaos', title: t('footer.tag.chaos.title') },
  {
    name: t('footer.tag.pastel-memories'),
    href: '/pastel-memories',
    title: t('footer.tag.pastel-memories.title'),
  },
  { name: t('footer.tag.utils'), href: '/utils', title: t('footer.tag.utils.title') },
  { name: t('footer.tag.about'), href: '/about', title: t('footer.tag.about.title') },
];
