/** The 16 back-office pages of spec §2 (DESIGN §9), for the checks that walk them all. */
export const adminPaths = [
  '/great-old-one/index',
  '/great-old-one/chaos',
  '/great-old-one/mabinogion',
  '/great-old-one/pastel-memories',
  '/great-old-one/waifu',
  '/great-old-one/deathnote',
  '/great-old-one/meta',
  '/great-old-one/analytics',
  '/great-old-one/online-device',
  '/great-old-one/mpush',
  '/great-old-one/map',
  '/great-old-one/ryona/material',
  '/great-old-one/ryona/material/create',
  '/great-old-one/ryona/group',
  '/great-old-one/cron',
  '/great-old-one/revelation',
] as const;
