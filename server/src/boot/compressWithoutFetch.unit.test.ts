import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Runs @fastify/compress's real lib/utils.js as the server bundle has it (scripts/compressWithoutFetch.mjs
 * applied) in a process of its own, whose module list tells whether Node loaded undici.
 */
const inFreshProcess = (body: string) =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
        import fs from 'node:fs';
        import { createRequire } from 'node:module';
        import path from 'node:path';
        import { withoutFetchGlobals } from ${JSON.stringify(path.join(root, 'scripts/compressWithoutFetch.mjs'))};
        const file = ${JSON.stringify(path.join(root, 'node_modules/@fastify/compress/lib/utils.js'))};
        const module = { exports: {} };
        new Function('module', 'exports', 'require', withoutFetchGlobals(fs.readFileSync(file, 'utf8')))(
          module, module.exports, createRequire(file));
        const utils = module.exports;
        const undici = () => process.moduleLoadList.some((name) => name.includes('undici'));
        ${body}
        `,
      ],
      { encoding: 'utf8' },
    ),
  );

describe('the server bundle’s @fastify/compress does not load undici to look at an answer (issue 39)', () => {
  it('a string, a Buffer or a Node stream is told apart without naming Response or ReadableStream', () => {
    const seen = inFreshProcess(`
      const answers = ['{"code":0}', Buffer.from('x'), fs.createReadStream(file), null, { a: 1 }];
      const looks = answers.flatMap((a) => [utils.isFetchResponse(a), utils.isWebReadableStream(a)]);
      console.log(JSON.stringify({ looks, undici: undici() }));
    `);
    expect(seen).toEqual({ looks: Array(10).fill(false), undici: false });
  });

  it('a real fetch Response and web stream are still recognised', () => {
    const seen = inFreshProcess(`
      const response = new Response('hello');
      console.log(JSON.stringify({
        response: utils.isFetchResponse(response),
        stream: utils.isWebReadableStream(response.body),
        streamIsNoResponse: utils.isFetchResponse(response.body),
      }));
    `);
    expect(seen).toEqual({ response: true, stream: true, streamIsNoResponse: false });
  });

  it('without the change, the first look loads undici (what the change is for)', () => {
    const seen = inFreshProcess(`
      const plain = { exports: {} };
      new Function('module', 'exports', 'require', fs.readFileSync(file, 'utf8'))(plain, plain.exports, createRequire(file));
      plain.exports.isFetchResponse('{"code":0}');
      console.log(JSON.stringify({ undici: undici() }));
    `);
    expect(seen).toEqual({ undici: true });
  });
});
