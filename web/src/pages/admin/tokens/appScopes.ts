/** What each Mastodon scope lets an app do here, in the owner's words (issue 42). */
const SCOPE_LABELS: Record<string, string> = {
  read: '读取：动态、随笔、通知和账号资料',
  write: '写入：发布、修改、删除动态和随笔，上传图片',
  'write:statuses': '发布、修改、删除动态和随笔',
  'write:media': '上传图片',
  'read:statuses': '读取动态和随笔',
  'read:notifications': '读取通知（评论、点赞、转发）',
  'read:accounts': '读取账号资料',
  profile: '读取账号资料',
  follow: '关注（本站不关注他人，这一项没有实际权限）',
  push: '推送（本站不向应用推送，这一项没有实际权限）',
};

export const scopeLabel = (scope: string): string => SCOPE_LABELS[scope] ?? scope;
