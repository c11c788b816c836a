/** One CSV line's fields (RFC 4180 quoting: `"a,b"`, `""` inside quotes). */
const fieldsOf = (line: string): string[] => {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields.map((f) => f.trim());
};

/**
 * The addresses of an uploaded CSV: its `email` column when the first line names one (Ghost,
 * Mailchimp and our own export do), else the first column of every line.
 */
export const addressesOfCsv = (csv: string): string[] => {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = fieldsOf(lines[0] ?? '').map((name) => name.toLowerCase());
  const named = header.findIndex((name) => name === 'email' || name === 'e-mail' || name === 'email address');
  const column = named === -1 ? 0 : named;
  return (named === -1 ? lines : lines.slice(1)).map((line) => fieldsOf(line)[column] ?? '');
};

const quote = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export const csvOf = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  `${[header, ...rows].map((row) => row.map(quote).join(',')).join('\r\n')}\r\n`;
