import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { metaRoutes as routes } from '../routes/meta.ts';
import { ModerationMode, moderationModeLabels, powMaxNumberRange } from './commentModeration.ts';
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
    name: z.string().trim().min(1, '请填写名称').max(20, '最多 20 个字'),
    href: z
      .string()
      .trim()
      .min(1, '请填写链接')
      .max(500, '最多 500 个字符')
      .regex(/^(\/|https?:\/\/)/i, '链接以 / 或 http(s):// 开头'),
    title: z.string().trim().max(100, '最多 100 个字').default(''),
  }),
);

/** The footer tag fields as the back office's form names them. */
const footerTagFieldNames: Record<string, string> = { name: '名称', href: '链接', title: '提示' };
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

export interface KnownMeta {
  group: string;
  key: string;
  kind: MetaKind;
  /** What the site does with it, shown beside the value. */
  meaning: string;
}

/** Everything the site reads from metadata. */
export const knownMeta: readonly KnownMeta[] = [
  {
    group: 'site',
    key: 'footer-tags',
    kind: 'json-footer-tags',
    meaning: '页脚标签，按顺序显示：名称、链接（以 / 或 http(s):// 开头）和鼠标悬停时的提示',
  },
  {
    group: 'comment',
    key: 'banned-words',
    kind: 'lines',
    meaning: '评论违禁词：每行一个词或短语，访客评论包含任一即被拒绝（不分大小写、全半角）',
  },
  {
    group: 'comment',
    key: 'moderation',
    kind: 'moderation-mode',
    meaning: `评论审核：${ModerationMode.options.map((m) => `${m}（${moderationModeLabels[m]}）`).join('、')}；被扣留的评论只有作者和博主看得到`,
  },
  {
    group: 'comment',
    key: 'held-words',
    kind: 'lines',
    meaning: '评论审核词：每行一个词或短语，访客评论包含任一即进入待审核（不分大小写、全半角）',
  },
  {
    group: 'comment',
    key: 'pow-max-number',
    kind: 'pow-max-number',
    meaning: `评论人机验证（工作量证明）难度：${powMaxNumberRange.min}–${powMaxNumberRange.max}，默认 ${powMaxNumberRange.default}；频繁发评论的地址自动加倍`,
  },
  {
    group: 'system',
    key: 'dokkiri',
    kind: 'flag',
    meaning: 'dokkiri 惊喜开关：true / false，握手（/user/knock）时告诉页面是否开启惊喜',
  },
  {
    group: 'site',
    key: 'contact',
    kind: 'url',
    meaning: '页脚「联系作者」链接：站内路径或 http(s)/mailto 地址',
  },
  { group: 'site', key: 'notices', kind: 'lines', meaning: '页脚公告：每行一条' },
];

/**
 * Strings the server writes for itself. The back office shows them read-only with this word on what
 * they are; the server refuses to create, change or delete them through the meta calls, and never
 * answers a `secret` one's value.
 */
export interface InternalMeta {
  group: string;
  key: string;
  meaning: string;
  secret: boolean;
}

export const internalMeta: readonly InternalMeta[] = [
  {
    group: 'system',
    key: 'demo-seeded',
    meaning: '演示内容已写入的标记（启动时自动写）：有它时，启动不会再写一遍演示内容',
    secret: false,
  },
  {
    group: 'comment',
    key: 'avatar-key',
    meaning: '评论头像的签名密钥（第一次需要时自动生成）：给访客头像地址签名，不显示、不能改',
    secret: true,
  },
  {
    group: 'comment',
    key: 'pow-key',
    meaning: '评论人机验证的签名密钥（第一次需要时自动生成，所有副本共用）：不显示、不能改',
    secret: true,
  },
  {
    group: 'federation',
    key: 'key-pairs',
    meaning: '联邦宇宙（ActivityPub）账号的签名密钥（第一次需要时自动生成，所有副本共用）：不显示、不能改',
    secret: true,
  },
  {
    group: 'newsletter',
    key: 'link-key',
    meaning: '订阅邮件退订链接的签名密钥（第一次需要时自动生成，所有副本共用）：不显示、不能改',
    secret: true,
  },
  {
    group: 'newsletter',
    key: 'rate-per-minute',
    meaning: '订阅邮件每分钟最多发几封（在「订阅者」页设置）',
    secret: false,
  },
  {
    group: 'newsletter',
    key: 'auto-send',
    meaning: '随笔公开时自动发给订阅者（在「订阅者」页设置）',
    secret: false,
  },
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
    .regex(/^(\/|https?:\/\/|mailto:)/i, '以 /、http(s):// 或 mailto: 开头'),
);

/** Why a value is not acceptable for its key, or null when it is. */
export const metaValueProblem = (group: string, key: string, value: string): string | null => {
  const known = knownMetaOf(group, key);
  if (!known) return null;
  switch (known.kind) {
    case 'flag':
      return value === 'true' || value === 'false' ? null : '只能是 true 或 false';
    case 'moderation-mode':
      return ModerationMode.safeParse(value).success ? null : `只能是 ${ModerationMode.options.join(' / ')}`;
    case 'pow-max-number': {
      const n = Number(value);
      return Number.isInteger(n) && n >= powMaxNumberRange.min && n <= powMaxNumberRange.max
        ? null
        : `${powMaxNumberRange.min}–${powMaxNumberRange.max} 之间的整数`;
    }
    case 'url':
      return value === '' || ContactUrl.safeParse(value).success ? null : '以 /、http(s):// 或 mailto: 开头';
    case 'json-footer-tags': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return '不是合法的 JSON';
      }
      const result = z.array(FooterTag, '应是标签的列表').max(30, '最多 30 个标签').safeParse(parsed);
      if (result.success) return null;
      const issue = result.error.issues[0];
      if (!issue || issue.path.length < 2) return issue?.message ?? '格式不对';
      const field = String(issue.path[1]);
      return `第 ${Number(issue.path[0]) + 1} 个标签的${footerTagFieldNames[field] ?? field}：${issue.message}`;
    }
    default:
      return null;
  }
};

const Name = z.lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[\w.-]{1,64}$/, '只含字母、数字、_ . -'),
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
