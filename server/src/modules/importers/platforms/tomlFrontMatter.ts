/**
 * The TOML that Hugo front matter and `config.toml` use: `key = value` lines with strings, numbers,
 * booleans, dates and (possibly multi-line) arrays, and `[table]` headers. No TOML parser is among our
 * dependencies, and this subset is all a post's metadata needs; anything richer (inline tables,
 * multi-line strings) is kept as its raw text rather than failing the import.
 */
export type TomlValue = string | number | boolean | TomlValue[] | { [key: string]: TomlValue };
export type TomlTable = { [key: string]: TomlValue };

export function parseToml(source: string): TomlTable {
  const root: TomlTable = {};
  let table = root;
  const lines = source.split(/\r?\n/);
  for (let i = 0; i < lines.length; i += 1) {
    const line = stripComment(lines[i] ?? '').trim();
    if (line === '') continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      table = tableAt(root, (header[1] ?? '').split('.').map(unquote));
      continue;
    }
    const eq = line.indexOf('=');
    if (eq < 0) continue;
    const key = unquote(line.slice(0, eq).trim());
    let raw = line.slice(eq + 1).trim();
    // A multi-line array runs until its brackets balance.
    while (raw.startsWith('[') && !balanced(raw) && i + 1 < lines.length) {
      i += 1;
      raw += ` ${stripComment(lines[i] ?? '').trim()}`;
    }
    table[key] = parseValue(raw);
  }
  return root;
}

function tableAt(root: TomlTable, path: string[]): TomlTable {
  let table = root;
  for (const part of path) {
    const next = table[part];
    if (typeof next === 'object' && next !== null && !Array.isArray(next)) table = next;
    else {
      const created: TomlTable = {};
      table[part] = created;
      table = created;
    }
  }
  return table;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  return /^(["']).*\1$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}

/** Drops a `#` comment that is outside quotes. */
function stripComment(line: string): string {
  let quote = '';
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quote) {
      if (char === '\\' && quote === '"') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '#') return line.slice(0, i);
  }
  return line;
}

function balanced(raw: string): boolean {
  let depth = 0;
  for (const item of splitTop(raw, true)) depth += item;
  return depth === 0;
}

/** Walks `raw` outside quotes: yields bracket depth changes (count) or top-level comma-separated parts. */
function splitTop(raw: string, count: true): number[];
function splitTop(raw: string, count: false): string[];
function splitTop(raw: string, count: boolean): (number | string)[] {
  const out: (number | string)[] = [];
  let quote = '';
  let depth = 0;
  let start = 0;
  for (let i = 0; i < raw.length; i += 1) {
    const char = raw[i];
    if (quote) {
      if (char === '\\' && quote === '"') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (count) out.push(1);
    } else if (char === ']' || char === '}') {
      depth -= 1;
      if (count) out.push(-1);
    } else if (char === ',' && depth === 0 && !count) {
      out.push(raw.slice(start, i));
      start = i + 1;
    }
  }
  if (!count) out.push(raw.slice(start));
  return out;
}

function parseValue(raw: string): TomlValue {
  if (raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
    return raw.slice(1, -1).replace(/\\(["\\nt])/g, (_m, c: string) => ({ n: '\n', t: '\t' })[c] ?? c);
  }
  if (raw.startsWith("'") && raw.endsWith("'") && raw.length >= 2) return raw.slice(1, -1);
  if (raw === 'true' || raw === 'false') return raw === 'true';
  if (raw.startsWith('[') && raw.endsWith(']')) {
    return splitTop(raw.slice(1, -1), false)
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .map(parseValue);
  }
  if (/^[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?$/.test(raw)) return Number(raw.replace(/_/g, ''));
  // Dates (`2019-03-05`, `1979-05-27T07:32:00Z`) stay strings: parseLooseDate reads them.
  return raw;
}
