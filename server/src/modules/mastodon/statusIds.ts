/**
 * A status is a moment, an essay or (in notifications only) a comment the site received; its id
 * says which, reversibly, without a table of its own: the row id times four plus the kind. Apps
 * treat ids as opaque strings, and some compare them as numbers, so they stay numeric.
 */
export type PostRef = { kind: 'moment' | 'essay'; id: number };

const KIND_DIGIT = { moment: 0, essay: 1, comment: 2 } as const;

export const statusIdOf = ({ kind, id }: { kind: keyof typeof KIND_DIGIT; id: number }): string =>
  String(id * 4 + KIND_DIGIT[kind]);

/** The post a status id names; comments (and anything else) are not posts: null. */
export const postOfStatusId = (statusId: string): PostRef | null => {
  if (!/^\d{1,15}$/.test(statusId)) return null;
  const n = Number(statusId);
  const id = Math.floor(n / 4);
  if (id < 1) return null;
  const digit = n % 4;
  return digit === KIND_DIGIT.moment
    ? { kind: 'moment', id }
    : digit === KIND_DIGIT.essay
      ? { kind: 'essay', id }
      : null;
};
