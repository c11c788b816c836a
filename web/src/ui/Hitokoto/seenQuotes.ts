/** The server keeps `exclude` to 1000 ids: forget the oldest beyond that. */
const maxExcluded = 1000;

/** Quotes already shown in this visit, shared by every quote on every page. */
export const seenQuotes: number[] = [];

export const rememberSeen = (id: number, list: number[] = seenQuotes): void => {
  if (list.includes(id)) return;
  list.push(id);
  if (list.length > maxExcluded) list.splice(0, list.length - maxExcluded);
};
