/** One entry of the back office's side menu. */
export interface AdminMenuItem {
  path: string;
  label: string;
}

export interface AdminMenuGroup {
  label: string;
  items: AdminMenuItem[];
}

/**
 * The 16 back-office pages of spec §2, Webhook (issue 26.5), API 令牌 (issue 26.4) and 导入搬家 (issue 27), 订阅者 (issue 43), in the groups of issue 10 (写作 · 收藏 · 运营 · 视频 · 系统).
 * Labels are the Chinese names the menu shows; paths are the spec's.
 */
export const adminMenu: AdminMenuGroup[] = [
  {
    label: '写作',
    items: [
      { path: '/great-old-one/index', label: '首页' },
      { path: '/great-old-one/chaos', label: '写随笔' },
      { path: '/great-old-one/mabinogion', label: '待办' },
    ],
  },
  {
    label: '收藏',
    items: [
      { path: '/great-old-one/pastel-memories', label: '番剧' },
      { path: '/great-old-one/waifu', label: '老婆' },
      { path: '/great-old-one/deathnote', label: '文件' },
      { path: '/great-old-one/meta', label: '元数据' },
    ],
  },
  {
    label: '运营',
    items: [
      { path: '/great-old-one/analytics', label: '统计' },
      { path: '/great-old-one/online-device', label: '在线设备' },
      { path: '/great-old-one/mpush', label: '推送' },
      { path: '/great-old-one/map', label: '地图' },
      { path: '/great-old-one/subscribers', label: '订阅者' },
    ],
  },
  {
    label: '视频',
    items: [
      { path: '/great-old-one/ryona/material', label: '素材' },
      { path: '/great-old-one/ryona/material/create', label: '添加素材' },
      { path: '/great-old-one/ryona/group', label: '合集' },
    ],
  },
  {
    label: '系统',
    items: [
      { path: '/great-old-one/cron', label: '定时任务' },
      { path: '/great-old-one/revelation', label: '日志' },
      { path: '/great-old-one/webhooks', label: 'Webhook' },
      { path: '/great-old-one/tokens', label: 'API 令牌' },
      { path: '/great-old-one/import', label: '导入搬家' },
      { path: '/great-old-one/federation', label: '联邦宇宙' },
    ],
  },
];
