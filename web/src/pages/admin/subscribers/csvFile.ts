/** `subscribers-2026-05-01.csv`: what a download is called when the server's name is unusable. */
export const fallbackCsvName = (today: Date): string => `subscribers-${today.toISOString().slice(0, 10)}.csv`;

/**
 * The name the export is saved under: the server's, cut to its last path part and stripped of what
 * file systems refuse (a name is data from the network, not a path), always ending in `.csv`.
 */
export const csvFileName = (name: string, today: Date): string => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f<>:"|?*]/g, '')
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (!base) return fallbackCsvName(today);
  return /\.csv$/i.test(base) ? base : `${base}.csv`;
};

/** How many lines of addresses a CSV holds, for the import's question (a header line is not one). */
export const csvLineCount = (csv: string): number => {
  const lines = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0] !== undefined && !lines[0].includes('@');
  return Math.max(0, lines.length - (header ? 1 : 0));
};
