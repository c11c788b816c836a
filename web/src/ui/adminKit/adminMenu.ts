/** One entry of the back office's side menu. */
export interface AdminMenuItem {
  path: string;
  /** A message key of the admin catalogue: the menu translates it when it renders. */
  label: string;
}

export interface AdminMenuGroup {
  /** A message key of the admin catalogue. */
  label: string;
  items: AdminMenuItem[];
}

/**
 * The 16 back-office pages of spec §2, Webhook (issue 26.5), API 令牌 (issue 26.4) and 导入搬家 (issue 27), 订阅者 (issue 43), in the groups of issue 10 (写作 · 收藏 · 运营 · 视频 · 系统).
 * Labels are message keys (the menu's own short names, or the page's title where it is the same
 * word); paths are the spec's.
 */
export const adminMenu: AdminMenuGroup[] = [
  {
    label: 'admin.kit.menu.group.writing',
    items: [
      { path: '/great-old-one/index', label: 'admin.kit.menu.index' },
      { path: '/great-old-one/chaos', label: 'admin.title.chaos' },
      { path: '/great-old-one/mabinogion', label: 'admin.title.mabinogion' },
    ],
  },
  {
    label: 'admin.kit.menu.group.collections',
    items: [
      { path: '/great-old-one/pastel-memories', label: 'admin.kit.menu.pastel-memories' },
      { path: '/great-old-one/waifu', label: 'admin.kit.menu.waifu' },
      { path: '/great-old-one/deathnote', label: 'admin.kit.menu.deathnote' },
      { path: '/great-old-one/meta', label: 'admin.title.meta' },
    ],
  },
  {
    label: 'admin.kit.menu.group.operations',
    items: [
      { path: '/great-old-one/analytics', label: 'admin.title.analytics' },
      { path: '/great-old-one/online-device', label: 'admin.title.online-device' },
      { path: '/great-old-one/mpush', label: 'admin.kit.menu.mpush' },
      { path: '/great-old-one/map', label: 'admin.kit.menu.map' },
      { path: '/great-old-one/subscribers', label: 'admin.title.subscribers' },
    ],
  },
  {
    label: 'admin.kit.menu.group.video',
    items: [
      { path: '/great-old-one/ryona/material', label: 'admin.kit.menu.ryona/material' },
      { path: '/great-old-one/ryona/material/create', label: 'admin.title.ryona/material/create' },
      { path: '/great-old-one/ryona/group', label: 'admin.kit.menu.ryona/group' },
    ],
  },
  {
    label: 'admin.kit.menu.group.system',
    items: [
      { path: '/great-old-one/cron', label: 'admin.title.cron' },
      { path: '/great-old-one/revelation', label: 'admin.title.revelation' },
      { path: '/great-old-one/webhooks', label: 'admin.title.webhooks' },
      { path: '/great-old-one/tokens', label: 'admin.title.tokens' },
      { path: '/great-old-one/import', label: 'admin.title.import' },
      { path: '/great-old-one/federation', label: 'admin.title.federation' },
    ],
  },
];
