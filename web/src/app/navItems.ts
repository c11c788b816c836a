/** Who sees which menu item (spec §2 "Navigation behaviour"). */
export interface NavContext {
  owner: boolean;
  gate: boolean;
  dark: boolean;
  offline: boolean;
}

export interface NavItem {
  to: string;
  label: string;
  /** The path prefix whose loading shows this item's spinner. */
  prefix: string;
  visible: (ctx: NavContext) => boolean;
}

const always = () => true;

export const navItems: NavItem[] = [
  { to: '/chaos', label: '随笔', prefix: '/chaos', visible: always },
  {
    to: '/moments',
    label: '朋友圈',
    prefix: '/moments',
    // Offline the feed is the snapshot's sealed copy, which only the decode key of dark mode opens
    // (issue 46.2): neither the gate nor an owner's session can read it there.
    visible: (c) => (c.offline ? c.dark : c.owner || c.gate || c.dark),
  },
  { to: '/pastel-memories', label: '番剧', prefix: '/pastel-memories', visible: always },
  { to: '/waifu', label: '老婆', prefix: '/waifu', visible: (c) => c.dark },
  { to: '/about', label: '关于', prefix: '/about', visible: always },
  { to: '/utils', label: '工具箱', prefix: '/utils', visible: always },
  { to: '/great-old-one', label: '后台', prefix: '/great-old-one', visible: (c) => c.owner || c.gate },
];
