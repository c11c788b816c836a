/** A footer tag link (spec §3: name, href, title). */
export interface FooterTag {
  name: string;
  href: string;
  title: string;
}

/**
 * The default until the owner sets `site.footer-tags` in metadata (served by `GET /meta/site`), and offline.
 * Internal links only, so the default promises nothing about the owner's accounts elsewhere.
 */
export const defaultFooterTags: FooterTag[] = [
  { name: '随笔', href: '/chaos', title: '所有随笔' },
  { name: '番剧', href: '/pastel-memories', title: '看过的番剧' },
  { name: '工具箱', href: '/utils', title: '一些小工具' },
  { name: '关于', href: '/about', title: '关于本站与作者' },
];
