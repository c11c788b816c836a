import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { metaRoutes as routes } from '../routes/meta.ts';
import { type ContractWords, issueMessage, type SchemaMessage, schemaMessage } from '../schemaMessages.ts';
import { ModerationMode, powMaxNumberRange } from './commentModeration.ts';
import { Deleted, IdParams } from './essays.ts';

export const MetaString = z.lazy(() =>
  z.object({
    id: z.number().int(),
    group: z.string(),
    key: z.string(),
    value: z.string(),
    createdAt: z.number().int(),
    updatedAt: z.number().int(),
  }),
);
export type MetaString = z.infer<typeof MetaString>;

/** A footer tag link (spec §3: name, href, title). */
export const FooterTag = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1, 'schema.meta.tag.name.missing').max(20, 'schema.tooLong.words'),
    href: z
      .string()
      .trim()
      .min(1, 'schema.meta.tag.href.missing')
      .max(500, 'schema.tooLong.chars')
      .regex(/^(\/|https?:\/\/)/i, 'schema.meta.tag.href.start'),
    title: z.string().trim().max(100, 'schema.tooLong.words').default(''),
  }),
);

/** The footer tag fields as the back office's form names them. */
const footerTagFields = ['name', 'href', 'title'];
export type FooterTag = z.infer<typeof FooterTag>;

/** How a known value must look: checked before saving, on the page and on the server. */
export type MetaKind =
  | 'text'
  | 'lines'
  | 'json-footer-tags'
  | 'flag'
  | 'url'
  | 'moderation-mode'
  | 'pow-max-number';

/**
 * A string the site reads. What it is for is shown beside the value in the reader's language:
 * `admin.meta.meaning.<group>.<key>` (the catalogue test holds every known and internal key to one).
 */
export interface KnownMeta {
  group: string;
  key: string;
  kind: MetaKind;
}

/** Everything the site reads from metadata. */
export const knownMeta: readonly KnownMeta[] = [
  { group: 'site', key: 'footer-tags', kind: 'json-footer-tags' },
  { group: 'comment', key: 'banned-words', kind: 'lines' },
  { group: 'comment', key: 'moderation', kind: 'moderation-mode' },
  { group: 'comment', key: 'held-words', kind: 'lines' },
  { group: 'comment', key: 'pow-max-number', kind: 'pow-max-number' },
  { group: 'system', key: 'dokkiri', kind: 'flag' },
  { group: 'site', key: 'contact', kind: 'url' },
  { group: 'site', key: 'notices', kind: 'lines' },
];

/**
 * Strings the server writes for itself. The back office shows them read-only with a word on what
 * they are (`admin.meta.meaning.<group>.<key>`); the server refuses to create, change or delete them
 * through the meta calls, and never answers a `secret` one's value.
 */
export interface InternalMeta {
  group: string;
  key: string;
  secret: boolean;
}

export const internalMeta: readonly InternalMeta[] = [
  { group: 'system', key: 'demo-seeded', secret: false },
  { group: 'comment', key: 'avatar-key', secret: true },
  { group: 'comment', key: 'pow-key', secret: true },
  { group: 'federation', key: 'key-pairs', secret: true },
  { group: 'newsletter', key: 'link-key', secret: true },
  { group: 'newsletter', key: 'rate-per-minute', secret: false },
  { group: 'newsletter', key: 'auto-send', secret: false },
];

/** What a secret internal value is shown as. */
export const HIDDEN_META_VALUE = '••••••';

export const internalMetaOf = (group: string, key: string): InternalMeta | undefined =>
  internalMeta.find((m) => m.group === group && m.key === key);

export const knownMetaOf = (group: string, key: string): KnownMeta | undefined =>
  knownMeta.find((m) => m.group === group && m.key === key);

const ContactUrl = z.lazy(() =>
  z
    .string()
    .trim()
    .max(500)
    .regex(/^(\/|https?:\/\/|mailto:)/i, 'schema.meta.contact'),
);

/** Why a value is not acceptable for its key (keyed: contract/src/schemaMessages.ts), or null when it is. */
export const metaValueProblem = (group: string, key: string, value: string): ContractWords | null => {
  const known = knownMetaOf(group, key);
  if (!known) return null;
  switch (known.kind) {
    case 'flag':
      return value === 'true' || value === 'false' ? null : schemaMessage('schema.meta.flag');
    case 'moderation-mode':
      return ModerationMode.safeParse(value).success
        ? null
        : schemaMessage('schema.meta.oneOf', { options: ModerationMode.options.join(' / ') });
    case 'pow-max-number': {
      const n = Number(value);
      return Number.isInteger(n) && n >= powMaxNumberRange.min && n <= powMaxNumberRange.max
        ? null
        : schemaMessage('schema.meta.integerRange', {
            min: powMaxNumberRange.min,
            max: powMaxNumberRange.max,
          });
    }
    case 'url':
      return value === '' || ContactUrl.safeParse(value).success
        ? null
        : schemaMessage('schema.meta.contact');
    case 'json-footer-tags': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return schemaMessage('schema.meta.json');
      }
      const result = z
        .array(FooterTag, 'schema.meta.tags.notList')
        .max(30, 'schema.meta.tags.tooMany')
        .safeParse(parsed);
      if (result.success) return null;
      const issue = result.error.issues[0];
      if (!issue) return schemaMessage('schema.meta.tags.invalid');
      if (issue.path.length < 2) return issueMessage(issue);
      const field = String(issue.path[1]);
      const fieldName: SchemaMessage | string = footerTagFields.includes(field)
        ? schemaMessage(`schema.meta.tag.field.${field}`)
        : field;
      return schemaMessage('schema.meta.tag.problem', {
        index: Number(issue.path[0]) + 1,
        field: fieldName,
        message: issueMessage(issue),
      });
    }
    default:
      return null;
  }
};

const Name = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, 'schema.meta.name'),
);

export const MetaInput = z.lazy(() => z.object({ group: Name, key: Name, value: z.string().max(20_000) }));
export const MetaPatch = z.lazy(() => z.object({ value: z.string().max(20_000) }));

export const SiteSettings = z.lazy(() =>
  z.object({
    /** Null: the owner has not set any; the page shows its own defaults. */
    footerTags: z.array(FooterTag).nullable(),
    contact: z.string(),
    notices: z.array(z.string()),
  }),
);
export type SiteSettings = z.infer<typeof SiteSettings>;

export const metaCalls = {
  /** Every string, by group then key. */
  metaList: defineCall(routes.metaList, () => ({ response: z.array(MetaString) })),
  /** `group.key` → value. */
  metaMap: defineCall(routes.metaMap, () => ({ response: z.record(z.string(), z.string()) })),
  metaGroup: defineCall(routes.metaGroup, () => ({
    params: z.object({ id: Name }),
    response: z.array(MetaString),
  })),
  /** Creates a string (its group comes into being with its first string); 4090 when it exists. */
  metaCreate: defineCall(routes.metaCreate, () => ({ body: MetaInput, response: MetaString })),
  metaUpdate: defineCall(routes.metaUpdate, () => ({
    params: IdParams,
    body: MetaPatch,
    response: MetaString,
  })),
  metaDelete: defineCall(routes.metaDelete, () => ({ params: IdParams, response: Deleted })),
  metaSite: defineCall(routes.metaSite, () => ({ response: SiteSettings })),
} satisfies Record<keyof typeof routes, CallDef>;
