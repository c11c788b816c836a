import { calls } from '@candy/contract';
import type { Dashboard } from '@candy/contract/calls/dashboard';
import type { Caller } from '../../http/context.ts';
import type { BangumiService } from '../bangumi/service.ts';
import type { CommentService } from '../comments/service.ts';
import type { ModuleContext } from '../context.ts';
import type { EssaysService } from '../essays/service.ts';
import { dayIndexOf, dayStart, utcOffsetMinutes } from '../moments/localDays.ts';
import type { MomentsService } from '../moments/service.ts';
import type { WaifuService } from '../waifu/service.ts';

const WEEK = 7 * 86_400_000;

const titleOf = (content: string): string => {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? '';
  const text = line.replace(/^#+\s*/, '').trim();
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The admin home's figures (issue 10), gathered from each module's service. */
export const dashboardModule = (
  ctx: ModuleContext,
  deps: {
    essays: EssaysService;
    comments: CommentService;
    moments: MomentsService;
    bangumi: BangumiService;
    waifu: WaifuService;
  },
) => {
  const figures = async (caller: Caller): Promise<Dashboard> => {
    const now = ctx.now();
    const offset = utcOffsetMinutes(caller.localTime, now);
    const midnight = dayStart(dayIndexOf(now, offset), offset);
    const [counts, reserved, today, week, total, moments, anime, waifu] = await Promise.all([
      deps.essays.counts(),
      deps.essays.reserved(),
      deps.comments.countSince(midnight),
      deps.comments.countSince(now - WEEK),
      deps.comments.countSince(0),
      deps.moments.count(),
      deps.bangumi.list(undefined),
      deps.waifu.list(),
    ]);
    const next = reserved[0];
    return {
      essays: {
        ...counts,
        nextDue: next
          ? { id: next.id, reservation: next.reservation ?? 0, title: titleOf(next.content) }
          : null,
      },
      comments: { today, week, total },
      moments,
      anime: anime.length,
      waifu: waifu.length,
    };
  };
  ctx.router.route(calls.dashboard, ({ caller }) => figures(caller));
};
