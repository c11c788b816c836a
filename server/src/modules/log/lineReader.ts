import type { FileHandle } from 'node:fs/promises';

/** A complete line of a log file and the byte offset where it starts. */
export interface RawLine {
  offset: number;
  text: string;
}

const CHUNK = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * The complete lines that start before `end`, newest first, read backwards in 64 KB pieces so a page
 * of a large file costs a few reads. A line still being written (no newline yet) is left out.
 */
export async function* linesBackward(file: FileHandle, end: number): AsyncGenerator<RawLine> {
  // Lines are complete up to the last newline before `end` (a cursor is itself a line start).
  let pending = Buffer.alloc(0);
  let position = end;
  let seenNewline = false;
  while (position > 0) {
    const start = Math.max(0, position - CHUNK);
    const chunk = Buffer.alloc(position - start);
    await file.read(chunk, 0, chunk.length, start);
    let buffer = Buffer.concat([chunk, pending]);
    if (!seenNewline) {
      const last = buffer.lastIndexOf(NEWLINE);
      if (last === -1) {
        pending = buffer;
        position = start;
        continue;
      }
      // Whatever follows the last newline is unfinished: drop it.
      buffer = buffer.subarray(0, last + 1);
      seenNewline = true;
    }
    // `buffer` ends with a newline; walk back over the complete lines it holds.
    let lineEnd = buffer.length - 1;
    while (lineEnd >= 0) {
      // (lastIndexOf counts a negative offset from the end, so the first byte is handled apart.)
      const previous = lineEnd === 0 ? -1 : buffer.lastIndexOf(NEWLINE, lineEnd - 1);
      if (previous === -1 && start > 0) break; // the first line may begin in the previous chunk
      const lineStart = previous + 1;
      if (lineEnd > lineStart) {
        yield { offset: start + lineStart, text: buffer.toString('utf8', lineStart, lineEnd) };
      }
      lineEnd = previous;
    }
    pending = buffer.subarray(0, lineEnd + 1);
    position = start;
  }
}

/** The complete lines that start at or after `from`, oldest first. */
export async function* linesForward(file: FileHandle, from: number): AsyncGenerator<RawLine> {
  const { size } = await file.stat();
  let position = from;
  let pending = Buffer.alloc(0);
  while (position < size) {
    const chunk = Buffer.alloc(Math.min(CHUNK, size - position));
    const { bytesRead } = await file.read(chunk, 0, chunk.length, position);
    if (bytesRead === 0) break;
    const buffer = Buffer.concat([pending, chunk.subarray(0, bytesRead)]);
    const bufferStart = position - pending.length;
    let lineStart = 0;
    for (
      let newline = buffer.indexOf(NEWLINE);
      newline !== -1;
      newline = buffer.indexOf(NEWLINE, lineStart)
    ) {
      if (newline > lineStart) {
        yield { offset: bufferStart + lineStart, text: buffer.toString('utf8', lineStart, newline) };
      }
      lineStart = newline + 1;
    }
    pending = buffer.subarray(lineStart);
    position += bytesRead;
  }
}
