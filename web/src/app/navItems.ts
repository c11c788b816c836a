/** Who sees which menu item (spec §2 "Navigation behaviour"). */
export interface NavContext {
  owner: boolean;
  gate: boolean;
  dark: boolean;
  offline: boolean;
}

export interface NavItem {
  to: string;
  /** A message key (web/src/i18n). */
  label: string;
  /** The path prefix whose loading shows this item's spinner. */
  prefix: string;
  visible: (ctx: NavContext) => boolean;
}

const always = () => true;

export const navItems: NavItem[] = [
  { to: '/chaos', label: 'nav.chaos', prefix: '/chaos', visible: always },
  {
    to: '/moments',
    label: 'nav.moments',
    prefix: '/moments',
    // Offline the feed is the snapshot's sealed copy, which only the decode key of dark mode opens
    // (issue 46.2): neither the gate nor an owner's session can read it there.
    visible: (c) => (c.offline ? c.dark : c.owner || c.gate || c.dark),
  },
  { to: '/pastel-memories', label: 'nav.pastel-memories', prefix: '/pastel-memories', visible: always },
  { to: '/waifu', label: 'nav.waifu', prefix: '/waifu', visible: (c) => c.dark },
  { to: '/about', label: 'nav.about', prefix: '/about', visible: always },
  { to: '/utils', label: 'nav.utils', prefix: '/utils', visible: always },
  {
    to: '/great-old-one',
    label: 'nav.great-old-one',
    prefix: '/great-old-one',
    visible: (c) => c.owner || c.gate,
  },
];
