import { t } from '../i18n/i18n.ts';
import type { RouteMeta } from './routeTable.ts';

/** The page's own title: the dark title in dark mode when it has one (spec §2, §4). */
export const pageTitleOf = (meta: RouteMeta | undefined, dark: boolean): string =>
  meta ? t((dark && meta.darkTitle) || meta.title) : '';

/** `随笔 | 糖果罐`; the site title alone where there is no page title. */
export const documentTitleOf = (pageTitle: string, siteTitle: string): string =>
  pageTitle ? `${pageTitle} | ${siteTitle}` : siteTitle;
