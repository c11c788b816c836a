import { describe, expect, it } from 'vitest';
import { isDarkSeal, openDark, sealDark } from './darkSeal.ts';
import { deobfuscate, isObfuscated, obfuscate } from './obfuscation.ts';

describe('obfuscation', () => {
  it.each(['', 'hello', '糖果罐 Happy Sugar Life 🍬', 'x'.repeat(100_000)])('round-trips %#', (text) => {
    const encoded = obfuscate(text);
    expect(isObfuscated(encoded)).toBe(true);
    expect(deobfuscate(encoded)).toBe(text);
  });

  it('is not readable at a glance', () => {
    const encoded = obfuscate('{"accessKey":"secret-value"}');
    expect(encoded).not.toContain('accessKey');
    expect(atob(encoded.slice(4))).not.toContain('accessKey');
  });

  it.each(['plain text', 'ob1.@@@', 'ob1.'.concat(btoa('\xff\xfe'))])('rejects %s', (text) => {
    expect(deobfuscate(text)).toBeNull();
  });
});

describe('dark seal', () => {
  it('opens with the decode key and not without it', async () => {
    const seal = await sealDark('[{"url":"/files/w.png"}]', 'dark-key');
    expect(isDarkSeal(seal)).toBe(true);
    expect(JSON.stringify(seal)).not.toContain('w.png');
    expect(await openDark(seal, 'dark-key')).toBe('[{"url":"/files/w.png"}]');
    expect(await openDark(seal, 'wrong-key')).toBeNull();
  });
});
