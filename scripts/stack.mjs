#!/usr/bin/env node
// `npm run stack`: reads a stack trace (from the log browser, a log file, the terminal) on standard
// input and prints it with the server bundle's frames put back to their source files, lines and
// names, through the source maps beside the bundles (the server is built with minified names to
// keep its idle memory down, issue 39). Frames of other files are left as they are.
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

/** @type {Map<string, SourceMap | null>} */
const maps = new Map();
/** @param {string} file */
const mapOf = (file) => {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(
      file,
      fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : null,
    );
  }
  return maps.get(file);
};

const text = fs.readFileSync(0, 'utf8');
const frame = /(at (?:(\S+) )?\(?)([^\s()]+\.js):(\d+):(\d+)(\)?)/g;
process.stdout.write(
  text.replace(frame, (whole, head, _name, file, line, column, tail) => {
    const map = mapOf(file);
    const entry = map?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return whole;
    const source = entry.originalSource.replace(/^file:\/\//, '');
    const where = path.relative(process.cwd(), path.resolve(path.dirname(file), source));
    // A source map names what is called at a place, not the function around it: the minified
    // name is kept (it still tells frames apart) and the place is the source's.
    return `${head}${where}:${entry.originalLine + 1}:${entry.originalColumn + 1}${tail}`;
  }),
);
