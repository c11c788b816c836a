const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** "刚刚", "5 分钟前", "3 小时前", "2 天前", then the date. */
export const relativeTime = (then: number, now: number = Date.now()): string => {
  const ago = now - then;
  if (ago < minute) return '刚刚';
  if (ago < hour) return `${Math.floor(ago / minute)} 分钟前`;
  if (ago < day) return `${Math.floor(ago / hour)} 小时前`;
  if (ago < 30 * day) return `${Math.floor(ago / day)} 天前`;
  const date = new Date(then);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
