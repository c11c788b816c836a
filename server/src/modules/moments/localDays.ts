/** Calendar arithmetic in the caller's time zone, on whole-day indexes since 1970-01-01 local. */

export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const maxOffsetMinutes = 14 * 60;

/**
 * The caller's UTC offset in minutes (UTC+8 → 480). X-Local-Time is the client's wall clock as if
 * it were UTC (`Date.now() - getTimezoneOffset()·60000`), so its distance from our clock is the
 * offset; rounding to 15 minutes absorbs clock skew and request latency. Without the header, or with
 * a value no time zone explains, the server's own zone is used.
 */
export const utcOffsetMinutes = (localTime: number | undefined, now: number): number => {
  if (localTime !== undefined) {
    const minutes = Math.round((localTime - now) / (15 * 60_000)) * 15;
    if (Math.abs(minutes) <= maxOffsetMinutes) return minutes === 0 ? 0 : minutes;
  }
  const server = -new Date(now).getTimezoneOffset();
  return server === 0 ? 0 : server;
};

/** The local day index of an instant. */
export const dayIndexOf = (at: number, offsetMinutes: number): number =>
  Math.floor((at + offsetMinutes * 60_000) / DAY_MS);

/** The first instant (UTC ms) of a local day. */
export const dayStart = (day: number, offsetMinutes: number): number => day * DAY_MS - offsetMinutes * 60_000;

/** `YYYY-MM-DD` of a local day index. */
export const dateOf = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The local hour (0–23) of an instant. */
export const hourOf = (at: number, offsetMinutes: number): number =>
  Math.floor(((((at + offsetMinutes * 60_000) % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);

/** The Monday starting the week of a day index (weeks run Monday to Sunday; day 0 was a Thursday). */
export const mondayOf = (day: number): number => day - ((((day + 3) % 7) + 7) % 7);
