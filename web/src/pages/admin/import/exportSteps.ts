import type { ImportPlatformName } from '@candy/contract/calls/importers';

/** Where each platform keeps its export, said beside the drop zone (the README says the same). */
export const EXPORT_STEPS: Record<ImportPlatformName, string> = {
  wordpress: 'WordPress：后台 工具 → 导出 → 所有内容，把下载的 .xml 拖到这里或点击选择',
  ghost: 'Ghost：后台 Settings → Labs → Export your content，把下载的 .json 拖到这里',
  hexo: 'Hexo：把整个站点目录（含 source/_posts）打成 .zip 或 .tar.gz 拖到这里',
  hugo: 'Hugo：把整个站点目录（含 content/）打成 .zip 或 .tar.gz 拖到这里',
  jekyll: 'Jekyll：把整个站点目录（含 _posts/）打成 .zip 或 .tar.gz 拖到这里',
  memos: 'Memos：停掉 Memos，把数据目录里的 memos_prod.db 拖到这里',
  waline: 'Waline：管理后台 → 导入导出 → 导出，把 .json 拖到这里（评论按旧地址挂到导入的文章下）',
  twikoo: 'Twikoo：管理面板 → 导入 → 导出评论，把 .json 拖到这里（评论按旧地址挂到导入的文章下）',
  artalk: 'Artalk：控制中心 → 迁移 → 导出，把 .artrans 拖到这里（评论按旧地址挂到导入的文章下）',
  disqus: 'Disqus：Admin → Moderation → Export，把邮件里的 .xml 解压后拖到这里',
};
