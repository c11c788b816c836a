import type { RouteDef } from '../routeDef.ts';

/** Essays and reservations (issue 4). */
export const essaysRoutes = {
  essayList: { method: 'GET', path: '/blog/essay', access: 'public' },
  essayDetail: { method: 'GET', path: '/blog/essay/:id', access: 'public' },
  essayCreate: { method: 'POST', path: '/blog/essay', access: 'owner' },
  essayUpdate: { method: 'PUT', path: '/blog/essay/:id', access: 'owner' },
  essayDelete: { method: 'DELETE', path: '/blog/essay/:id', access: 'owner' },
  reservationList: { method: 'GET', path: '/blog/reservation/essay', access: 'owner' },
  reservationUpdate: { method: 'PUT', path: '/blog/reservation/essay/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
