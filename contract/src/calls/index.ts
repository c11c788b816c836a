import type { CallDef } from '../call.ts';
import type { RouteName } from '../routes.ts';
import { articlesCalls } from './articles.ts';
import { authCalls } from './auth.ts';
import { bangumiCalls } from './bangumi.ts';
import { commentsCalls } from './comments.ts';
import { dashboardCalls } from './dashboard.ts';
import { docsCalls } from './docs.ts';
import { emotesCalls } from './emotes.ts';
import { essaysCalls } from './essays.ts';
import { federationCalls } from './federation.ts';
import { filesCalls } from './files.ts';
import { healthCalls } from './health.ts';
import { hitokotoCalls } from './hitokoto.ts';
import { importersCalls } from './importers.ts';
import { insightCalls } from './insight.ts';
import { jobsCalls } from './jobs.ts';
import { linksCalls } from './links.ts';
import { logCalls } from './log.ts';
import { mediaCalls } from './media.ts';
import { metaCalls } from './meta.ts';
import { momentsCalls } from './moments.ts';
import { musicCalls } from './music.ts';
import { newsletterCalls } from './newsletter.ts';
import { oauthCalls } from './oauth.ts';
import { pushCalls } from './push.ts';
import { replyNoticesCalls } from './replyNotices.ts';
import { revisionsCalls } from './revisions.ts';
import { securityCalls } from './security.ts';
import * as system from './system.ts';
import { todosCalls } from './todos.ts';
import { tokensCalls } from './tokens.ts';
import { videosCalls } from './videos.ts';
import { waifuCalls } from './waifu.ts';
import { webhooksCalls } from './webhooks.ts';
import { webmentionCalls } from './webmention.ts';

/** Every call with its schemas, keyed like `routes`; the `satisfies` keeps the two lists equal. */
export const calls = {
  knock: system.knock,
  systemVersion: system.systemVersion,
  systemInfo: system.systemInfo,
  systemDebug: system.systemDebug,
  ...authCalls,
  ...essaysCalls,
  ...articlesCalls,
  ...linksCalls,
  ...hitokotoCalls,
  ...bangumiCalls,
  ...waifuCalls,
  ...momentsCalls,
  ...commentsCalls,
  ...replyNoticesCalls,
  ...newsletterCalls,
  ...musicCalls,
  ...emotesCalls,
  ...videosCalls,
  ...mediaCalls,
  ...dashboardCalls,
  ...healthCalls,
  ...docsCalls,
  ...jobsCalls,
  ...todosCalls,
  ...metaCalls,
  ...insightCalls,
  ...logCalls,
  ...pushCalls,
  ...filesCalls,
  ...revisionsCalls,
  ...webhooksCalls,
  ...webmentionCalls,
  ...federationCalls,
  ...tokensCalls,
  ...oauthCalls,
  ...importersCalls,
  ...securityCalls,
} satisfies Record<RouteName, CallDef>;

export type Calls = typeof calls;
