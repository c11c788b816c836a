const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

const relative = new Intl.RelativeTimeFormat('zh-CN', { numeric: 'auto' });

/** '3 小时后', '5 分钟前', '现在' — the largest unit that fits, rounded down. */
export const relativeTime = (ms: number, now: number = Date.now()): string => {
  const diff = ms - now;
  for (const [unit, size] of units) {
    const amount = Math.trunc(diff / size);
    if (amount !== 0) return relative.format(amount, unit);
  }
  return '现在';
};

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-22 13:05` in the viewer's local time. */
export const formatDateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** 1536 → '1.5 KB'. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const names = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let index = 0;
  while (value >= 1024 && index < names.length - 1) {
    value /= 1024;
    index += 1;
  }
  return `${value >= 100 ? value.toFixed(0) : value.toFixed(1)} ${names[index]}`;
};
