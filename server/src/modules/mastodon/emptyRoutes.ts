import type { FastifyInstance } from 'fastify';
import { recordNotFound } from '../oauth/protocolError.ts';
import type { GrantCheck } from './guard.ts';

/**
 * Lists an app reads when it starts (filters, lists, markers, …): the site has none of these, so
 * each is an empty list (or object) for a valid token, never a 404 the app would report.
 */
const EMPTY_LISTS = [
  '/api/v1/filters',
  '/api/v2/filters',
  '/api/v1/lists',
  '/api/v1/announcements',
  '/api/v1/followed_tags',
  '/api/v1/conversations',
  '/api/v1/trends',
  '/api/v1/trends/tags',
  '/api/v1/trends/statuses',
  '/api/v1/trends/links',
  '/api/v1/follow_requests',
  '/api/v1/blocks',
  '/api/v1/mutes',
  '/api/v1/domain_blocks',
  '/api/v1/bookmarks',
  '/api/v1/favourites',
  '/api/v1/featured_tags',
  '/api/v1/endorsements',
  '/api/v1/suggestions',
  '/api/v2/suggestions',
  '/api/v1/scheduled_statuses',
  '/api/v1/accounts/:id/followers',
  '/api/v1/accounts/:id/following',
  '/api/v1/accounts/:id/featured_tags',
  '/api/v1/accounts/:id/lists',
  '/api/v1/accounts/familiar_followers',
  '/api/v1/directory',
  '/api/v1/custom_emojis/categories',
] as const;

export const emptyRoutes = (scope: FastifyInstance, grant: GrantCheck): void => {
  for (const path of EMPTY_LISTS)
    scope.get(path, async (req) => {
      await grant(req, 'read');
      return [];
    });
  scope.get('/api/v1/markers', async (req) => {
    await grant(req, 'read');
    return {};
  });
  scope.get('/api/v1/preferences', async (req) => {
    await grant(req, 'read:accounts');
    // A new post is a moment unless the owner picks `public` (an essay): see `kindOfNewStatus`.
    return {
      'posting:default:visibility': 'private',
      'posting:default:sensitive': false,
      'posting:default:language': 'zh',
      'reading:expand:media': 'default',
      'reading:expand:spoilers': false,
    };
  });
  scope.post('/api/v1/markers', async (req) => {
    await grant(req, 'write');
    return {};
  });
  scope.get('/api/v2/search', async (req) => {
    await grant(req, 'read:search');
    return { accounts: [], statuses: [], hashtags: [] };
  });
  // Everything else under the app paths: Mastodon's 404, not our envelope nor the web app's page.
  // (OPTIONS is the preflights'.)
  for (const url of ['/api/v1/*', '/api/v2/*', '/oauth/*'])
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      handler: async () => {
        throw recordNotFound();
      },
    });
};
