const pad = (n: number): string => String(n).padStart(2, '0');

/** `YYYY-MM-DD` in local time. */
export const formatDate = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** `YYYY-MM-DD HH:mm` in local time. */
export const formatDateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${formatDate(ms)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/**
 * `formatDateTime` as the server printed it (issue 16): its UTC offset instead of the device's, so
 * the hydrating render matches the server's markup; the device's own time follows right after.
 */
export const formatDateTimeAt = (ms: number, utcOffsetMinutes: number): string => {
  const d = new Date(ms + utcOffsetMinutes * 60_000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
