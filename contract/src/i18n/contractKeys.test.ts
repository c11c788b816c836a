import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CommentModerateBody, ModerationMode } from '../calls/commentModeration.ts';
import { CommentCreateBody, CommentUpdateBody } from '../calls/comments.ts';
import { IMPORT_PLATFORMS } from '../calls/importers.ts';
import { internalMeta, knownMeta } from '../calls/meta.ts';
import { ISSUE_STATES, NewsletterSubscribeBody, SUBSCRIBER_STATUSES } from '../calls/newsletter.ts';
import { channelSettings, PUSH_CHANNELS } from '../calls/push.ts';
import { ReplyPushSubscription, UnsubscribeQuery } from '../calls/replyNotices.ts';
import { WEBHOOK_EVENTS } from '../calls/webhooks.ts';
import { allLanguages, sourceLanguage } from '../languages.ts';
import { isSchemaKey } from '../schemaMessages.ts';
import { serverCatalogues } from '../serverCatalogues.ts';
import { TOKEN_MODULES } from '../tokenScope.ts';
import { sayForTests } from './sayForTests.ts';

/**
 * The contract says nothing but keys (issue 44): every `schema.*` key it names is in a catalogue
 * (catalogues.test.ts holds each to both languages), what a visitor's form shows is in the public
 * part, and the labels the back office builds from the contract's lists have their keys.
 */
const dir = path.dirname(new URL(import.meta.url).pathname);
const contractSrc = path.resolve(dir, '..');
const read = (language: string, part: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(dir, language, `${part}.json`), 'utf8'));
const publicPart = read(sourceLanguage, 'public');
const adminPart = read(sourceLanguage, 'admin');
const serverPart = read(sourceLanguage, 'server');
const toolsPart = read(sourceLanguage, 'tools');

/** Every string in the contract's code that is a key (`'schema.comments.content.empty'`), and the prefixes of keys made from a template. */
const namedKeys = (() => {
  const keys = new Set<string>();
  const prefixes = new Set<string>();
  const files = fs
    .readdirSync(contractSrc, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.ts$/.test(d.name) && !/\.test\.ts$/.test(d.name))
    .map((d) => path.join(d.parentPath, d.name))
    .filter((file) => !file.includes(`${path.sep}i18n${path.sep}`));
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && isSchemaKey(node.text))
        keys.add(node.text);
      if (ts.isTemplateHead(node) && node.text.startsWith('schema.')) prefixes.add(node.text);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { keys: [...keys].sort(), prefixes: [...prefixes].sort() };
})();

/** The `schema.*` keys of bad inputs' issues (zod's own messages are not keys). */
const keysOf = (schema: z.ZodType, inputs: unknown[]): string[] =>
  inputs.flatMap((input) => {
    const result = schema.safeParse(input);
    expect(result.success, JSON.stringify(input)).toBe(false);
    return result.error?.issues.map((issue) => issue.message).filter(isSchemaKey) ?? [];
  });

describe('the contract’s keys', () => {
  it('finds the keys it names (the scan can fail)', () => {
    expect(namedKeys.keys).toContain('schema.comments.content.empty');
    expect(namedKeys.keys.length).toBeGreaterThan(80);
  });

  it('are each in the public or the admin catalogue, and only in one', () => {
    const missing = namedKeys.keys.filter((key) => !(key in publicPart) && !(key in adminPart));
    expect(missing).toEqual([]);
    for (const prefix of namedKeys.prefixes)
      expect(
        Object.keys({ ...publicPart, ...adminPart }).some((key) => key.startsWith(prefix)),
        prefix,
      ).toBe(true);
    expect(Object.keys(publicPart).filter((key) => isSchemaKey(key) && key in adminPart)).toEqual([]);
  });

  it('live only in the web’s parts (the server reads theirs), none unused', () => {
    expect(Object.keys({ ...serverPart, ...toolsPart }).filter(isSchemaKey)).toEqual([]);
    const used = (key: string) =>
      namedKeys.keys.includes(key) || namedKeys.prefixes.some((prefix) => key.startsWith(prefix));
    expect(
      Object.keys({ ...publicPart, ...adminPart }).filter((key) => isSchemaKey(key) && !used(key)),
    ).toEqual([]);
  });

  it('are all said by the server, in every language', () => {
    for (const language of allLanguages)
      for (const key of Object.keys({ ...publicPart, ...adminPart }).filter(isSchemaKey))
        expect(serverCatalogues[language][key], `${language} ${key}`).toBeTruthy();
  });

  it('of what a visitor’s form can show are in the public catalogue (it is in every page)', () => {
    const shown = [
      ...keysOf(CommentCreateBody, [
        { targetType: 'essay', targetId: 1 },
        { targetType: 'essay', targetId: 1, content: ' ' },
        { targetType: 'essay', targetId: 1, content: 'x'.repeat(2001) },
        { targetType: 'essay', targetId: 1, content: 'x', guestName: 1 },
        { targetType: 'essay', targetId: 1, content: 'x', guestName: '  ' },
        { targetType: 'essay', targetId: 1, content: 'x', guestName: 'x'.repeat(33) },
        { targetType: 'essay', targetId: 1, content: 'x', guestEmail: 'no' },
        { targetType: 'essay', targetId: 1, content: 'x', guestEmail: `${'a'.repeat(250)}@x.com` },
        { targetType: 'essay', targetId: 1, content: 'x', proof: 1 },
        { targetType: 'essay', targetId: 1, content: 'x', proof: 'x'.repeat(8001) },
      ]),
      ...keysOf(CommentUpdateBody, [{ content: '' }]),
      ...keysOf(NewsletterSubscribeBody, [{ email: 'no' }, { email: `${'a'.repeat(250)}@x.com` }]),
      ...keysOf(ReplyPushSubscription, [{ endpoint: 'no', keys: { p256dh: '!', auth: '!' } }]),
      ...keysOf(UnsubscribeQuery, [{ email: 'no', sig: 'x' }]),
    ];
    expect(shown.length).toBeGreaterThan(12);
    expect([...new Set(shown)].filter((key) => !(key in publicPart))).toEqual([]);
  });

  it('say a rule’s bound as the rule has it, in Chinese as before', () => {
    const [issue] = CommentCreateBody.safeParse({
      targetType: 'essay',
      targetId: 1,
      content: 'x'.repeat(2001),
    }).error?.issues ?? [{ message: '' }];
    expect(issue?.message).toBe('schema.comments.content.tooLong');
    const say = (language: 'zh-CN' | 'en') =>
      sayForTests(language, { key: 'schema.comments.content.tooLong', values: { maximum: 2000 } });
    expect(say('zh-CN')).toBe('评论最多 2000 字');
    expect(say('en')).toBe('A comment has at most 2000 characters');
    const [many] =
      CommentModerateBody.safeParse({ ids: Array.from({ length: 101 }, (_, i) => i + 1), action: 'approve' })
        .error?.issues ?? [];
    expect(many?.message).toBe('schema.comments.selectMax');
  });
});

describe('the back office’s names for the contract’s lists', () => {
  const expectKeys = (keys: string[], part: Record<string, string> = adminPart) =>
    expect(keys.filter((key) => !(key in part))).toEqual([]);

  it('name every token module, moderation mode, state, webhook event and import platform', () => {
    expectKeys(TOKEN_MODULES.map((group) => `admin.tokens.module.${group}`));
    expectKeys(ModerationMode.options.map((mode) => `admin.desk.comments.mode.${mode}`));
    expectKeys(SUBSCRIBER_STATUSES.map((status) => `admin.subscribers.status.${status}`));
    expectKeys(ISSUE_STATES.map((state) => `admin.subscribers.issue.${state}`));
    expectKeys(WEBHOOK_EVENTS.map((event) => `admin.webhooks.event.${event}`));
    expectKeys(IMPORT_PLATFORMS.map((platform) => `admin.import.platform.${platform}`));
  });

  it('name every push channel and field (the server names the channels too), and each hint', () => {
    expectKeys(PUSH_CHANNELS.map((channel) => `admin.push.channel.${channel}`));
    expectKeys(
      PUSH_CHANNELS.map((channel) => `push.channel.${channel}`),
      serverPart,
    );
    for (const channel of PUSH_CHANNELS)
      for (const field of channelSettings[channel].fields as readonly { key: string; hint?: boolean }[]) {
        const key = `admin.push.field.${channel}.${field.key}`;
        expectKeys([key]);
        expect(`${key}.hint` in adminPart, `${key}.hint`).toBe(field.hint === true);
      }
  });

  it('say what every known and internal metadata string is for', () => {
    expectKeys([...knownMeta, ...internalMeta].map(({ group, key }) => `admin.meta.meaning.${group}.${key}`));
  });
});
