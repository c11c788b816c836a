import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { byteDestination, writeNow } from './byteDestination.ts';

const tempFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'candy-bytes-')), 'out.log');

describe('writing a batch of lines now', () => {
  it('writes at once when the destination is idle, and the buffer may be reused at once', async () => {
    const file = tempFile();
    const destination = byteDestination({ dest: file, sync: false });
    await once(destination, 'ready');
    const batch = Buffer.from('{"a":1}\n{"a":2}\n');
    expect(writeNow(destination, batch)).toBe(false);
    batch.fill(0x78);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":1}\n{"a":2}\n');
    destination.end();
  });

  it('queues a copy behind what the destination is still writing, and keeps the order', async () => {
    const file = tempFile();
    const destination = byteDestination({ dest: file, sync: false });
    await once(destination, 'ready');
    destination.write(Buffer.from('first\n'));
    const batch = Buffer.from('second\n');
    expect(writeNow(destination, batch)).toBe(true);
    batch.fill(0x78);
    await once(destination, 'drain');
    expect(fs.readFileSync(file, 'utf8')).toBe('first\nsecond\n');
    destination.end();
  });

  it('queues a batch for a file that is still opening', async () => {
    const file = tempFile();
    const destination = byteDestination({ dest: file, sync: false });
    expect(writeNow(destination, Buffer.from('early\n'))).toBe(true);
    // Once open, sonic-boom writes its queue asynchronously; ending waits for that write.
    destination.end();
    await once(destination, 'close');
    expect(fs.readFileSync(file, 'utf8')).toBe('early\n');
  });
});
