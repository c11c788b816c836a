import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { EssaysService } from './service.ts';
import type { EssayWrites } from './writes.ts';

/** The owner's essay writes (issue 10); what follows each write is `createEssayWrites`'. */
export const essayWriteRoutes = (
  router: Router,
  deps: { essays: EssaysService; writes: EssayWrites },
): void => {
  const { essays, writes } = deps;
  router.route(calls.essayCreate, ({ body }) => writes.create(body));
  router.route(calls.essayUpdate, ({ params, body }) => writes.update(params.id, body));
  router.route(calls.reservationUpdate, ({ params, body }) =>
    writes.update(params.id, { reservation: body.reservation }),
  );
  router.route(calls.reservationList, () => essays.reserved());
  router.route(calls.essayDelete, ({ params }) => writes.remove(params.id));
};
