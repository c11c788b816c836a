import type { Logger } from 'pino';
import type { EventBus } from '../../events.ts';
import { said } from '../../i18n/said.ts';
import type { Notify } from '../../notify.ts';
import type { EssaysService } from './service.ts';

export interface ReservationDeps {
  essays: EssaysService;
  notify: Notify;
  /** Announces `essay.published` on the site's event bus (webhooks). */
  events: Pick<EventBus, 'emit'>;
  /** Writes the audit entry of a publication (who: the system). */
  recordAudit: (essayId: number) => Promise<void>;
  /** Drops the cached public answers that the publication changes. */
  invalidate: () => void;
  logger: Logger;
  now: () => number;
}

/** Longest delay a Node timer accepts. */
const MAX_DELAY = 2 ** 31 - 1;

const firstLine = (content: string): string => {
  const line = content.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
};

/**
 * Scheduled publishing that never misses (issue 10). Reads already hide a reserved essay until its
 * second comes; this runs the publication's side effects — notify the owner, audit, drop caches
 * (which re-exports the snapshot, issue 23) — exactly once per essay: each due essay is claimed with a conditional
 * update, so two replicas, a timer and a scheduler job racing each other announce it once. A
 * publication missed while every server was down is caught up by `start()`.
 */
export const createReservationPublisher = (deps: ReservationDeps) => {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const publishDue = async (): Promise<{ published: number[] }> => {
    const published: number[] = [];
    for (const essay of await deps.essays.dueUnannounced()) {
      if (!(await deps.essays.claimAnnouncement(essay.id))) continue;
      published.push(essay.id);
      deps.invalidate();
      deps.logger.info({ essayId: essay.id }, 'reserved essay published');
      try {
        await deps.recordAudit(essay.id);
      } catch (error) {
        deps.logger.error({ err: error, essayId: essay.id }, 'audit of a publication failed');
      }
      await deps.events.emit({ type: 'essay.published', data: essay });
      await deps.notify({
        kind: 'reservation-published',
        title: said('essays.reservationPublished'),
        body: firstLine(essay.content),
        url: `/chaos#${essay.id}`,
      });
    }
    return { published };
  };

  /** Aims one timer at the next reservation; called again after every reservation write. */
  const schedule = async (): Promise<void> => {
    clearTimeout(timer);
    if (stopped) return;
    const next = await deps.essays.nextReservation();
    if (next === null) return;
    const delay = Math.min(MAX_DELAY, Math.max(0, next - deps.now()) + 20);
    timer = setTimeout(() => {
      publishDue()
        .catch((error: unknown) => deps.logger.error({ err: error }, 'publishing reservations failed'))
        .finally(() => void schedule());
    }, delay);
    timer.unref();
  };

  return {
    publishDue,
    schedule,
    /** Catches up on what came due while the server was down, then waits for the next one. */
    async start(): Promise<void> {
      stopped = false;
      await publishDue();
      await schedule();
    },
    stop(): void {
      stopped = true;
      clearTimeout(timer);
    },
  };
};

export type ReservationPublisher = ReturnType<typeof createReservationPublisher>;
