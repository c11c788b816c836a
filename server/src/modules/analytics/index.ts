import { insightCalls as calls } from '@candy/contract/calls/insight';
import { callerLanguage } from '../../http/pageLanguage.ts';
import type { ModuleContext } from '../context.ts';
import { createRecorder } from './recorder.ts';
import { createAnalyticsRepo } from './repo.ts';
import { createAnalyticsService } from './service.ts';

/** Visitor analytics (issue 13): the recorder app.ts hooks in, and the owner's figures. */
export const analyticsModule = (ctx: ModuleContext) => {
  const repo = createAnalyticsRepo(ctx.db);
  const recorder = createRecorder({
    repo,
    enabled: ctx.config.analyticsRecording,
    flushMs: ctx.config.analyticsFlushMs,
    apiBasePath: ctx.config.apiBasePath,
    siteDomains: ctx.config.siteDomains,
    now: ctx.now,
    logger: ctx.logger,
  });
  const analytics = createAnalyticsService({ repo, now: ctx.now });
  ctx.router.route(calls.analyticsClients, ({ query }) => analytics.clients(query));
  ctx.router.route(calls.analyticsClientUpdate, ({ params, body }) => analytics.update(params.id, body));
  ctx.router.route(calls.analyticsSummary, ({ query, req }) =>
    analytics.summary(query.days, callerLanguage(req)),
  );
  return { analytics, recorder };
};
