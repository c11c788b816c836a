import * as z from 'zod';
import type { CallDef } from './call.ts';
import { loginRefusalCodes } from './calls/auth.ts';
import { proofRefusalCodes } from './calls/commentModeration.ts';
import { calls } from './calls/index.ts';
import { ErrorCode, type ErrorCodeValue, httpStatusOf } from './codes.ts';
import serverWords from './i18n/zh-CN/server.json' with { type: 'json' };

/**
 * Codes whose message is always the same (the proof-of-work refusals, issues 25 and 40.4): the
 * code's own, in the source language as the server says it to a Chinese caller (an English one
 * reads en/server.json's).
 */
const fixedMessages: Partial<Record<ErrorCodeValue, string>> = Object.fromEntries(
  [...proofRefusalCodes, ...loginRefusalCodes].map((code) => [
    code,
    (serverWords as Record<string, string>)[`error.code.${code}`],
  ]),
);

const parts = ['params', 'query', 'body', 'response'] as const;

const schemaBlock = (schema: z.ZodType, part: (typeof parts)[number]): string => {
  const json = z.toJSONSchema(schema, {
    io: part === 'response' ? 'output' : 'input',
    unrepresentable: 'any',
  });
  const { $schema: _, ...rest } = json as Record<string, unknown>;
  return `\`\`\`json\n${JSON.stringify(rest, null, 2)}\n\`\`\``;
};

const section = (name: string, call: CallDef): string => {
  const lines = [`### ${name}`, '', `\`${call.method} /api${call.path}\` — access: **${call.access}**`, ''];
  for (const part of parts) {
    const schema = call[part];
    if (!schema) continue;
    lines.push(`${part === 'response' ? 'Answer (`data`)' : part}:`, '', schemaBlock(schema, part), '');
  }
  return lines.join('\n');
};

/** docs/api.md, generated from the contract so it cannot drift (see apiReference.test.ts). */
export const renderApiReference = (): string =>
  [
    '# API reference',
    '',
    'Generated from `contract/src/calls/` by `npm run docs:api`; do not edit by hand.',
    'Every answer is the envelope of DESIGN §3: `{"code":0,"data":…}` or',
    '`{"code":N,"data":null,"errorMsg":"…","errors":[{"property":"…","constraints":{…}}]}`.',
    'Access: `public`; `dark` (the `X-Dark-Key` decode key or the owner, else 4031); `owner` (a live',
    'access key in `X-Fingerprint`, else 4010).',
    '',
    '| code | HTTP | name | message |',
    '|---|---|---|---|',
    ...Object.entries(ErrorCode).map(
      ([name, code]) => `| ${code} | ${httpStatusOf[code]} | ${name} | ${fixedMessages[code] ?? ''} |`,
    ),
    '',
    'Most messages depend on the case and come from the server; the ones in the table are fixed.',
    '',
    ...Object.entries(calls).map(([name, call]) => section(name, call as CallDef)),
  ].join('\n');
