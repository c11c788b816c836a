import type { Migration } from 'kysely';
import * as core from './0001_core.ts';
import * as content from './0002_content.ts';
import * as auth from './0003_auth.ts';
import * as contentSearch from './0004_content_search.ts';
import * as comments from './0005_comments.ts';
import * as writing from './0006_writing.ts';
import * as collections from './0007_collections.ts';
import * as jobs from './0008_jobs.ts';
import * as insight from './0009_insight.ts';
import * as files from './0010_files.ts';
import * as videos from './0011_videos.ts';
import * as handshakeSpent from './0012_handshake_spent.ts';
import * as push from './0013_push.ts';
import * as revisions from './0015_revisions.ts';
import * as imageVariants from './0016_image_variants.ts';
import * as commentModeration from './0017_comment_moderation.ts';
import * as replyNotices from './0018_reply_notices.ts';
import * as webhooks from './0019_webhooks.ts';
import * as ownerFactors from './0020_owner_factors.ts';
import * as apiTokens from './0021_api_tokens.ts';
import * as imports from './0022_imports.ts';
import * as idempotency from './0023_idempotency.ts';
import * as remoteReactions from './0024_remote_reactions.ts';
import * as webmentions from './0025_webmentions.ts';
import * as essayDateOrder from './0026_essay_date_order.ts';
import * as sharedViewsAndLogs from './0027_shared_views_and_logs.ts';
import * as federation from './0028_federation.ts';
import * as federationDeliveryLog from './0029_federation_delivery_log.ts';
import * as loginAttemptMethod from './0030_login_attempt_method.ts';
import * as commentSpamMarks from './0031_comment_spam_marks.ts';
import * as newsletter from './0032_newsletter.ts';
import * as oauthApps from './0034_oauth_apps.ts';

/** Every migration, in order. Add new ones at the end; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_content': content,
  '0003_auth': auth,
  '0004_content_search': contentSearch,
  '0005_comments': comments,
  '0006_writing': writing,
  '0007_collections': collections,
  '0008_jobs': jobs,
  '0009_insight': insight,
  '0010_files': files,
  '0011_videos': videos,
  '0012_handshake_spent': handshakeSpent,
  '0013_push': push,
  '0015_revisions': revisions,
  '0016_image_variants': imageVariants,
  '0017_comment_moderation': commentModeration,
  '0018_reply_notices': replyNotices,
  '0019_webhooks': webhooks,
  '0020_owner_factors': ownerFactors,
  '0021_api_tokens': apiTokens,
  '0022_imports': imports,
  '0023_idempotency': idempotency,
  '0024_remote_reactions': remoteReactions,
  '0025_webmentions': webmentions,
  '0026_essay_date_order': essayDateOrder,
  '0027_shared_views_and_logs': sharedViewsAndLogs,
  '0028_federation': federation,
  '0029_federation_delivery_log': federationDeliveryLog,
  '0030_login_attempt_method': loginAttemptMethod,
  '0031_comment_spam_marks': commentSpamMarks,
  '0032_newsletter': newsletter,
  '0034_oauth_apps': oauthApps,
};
