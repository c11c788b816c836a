import type { RouteDef } from '../routeDef.ts';

/**
 * Issue 13, owner only: visitor analytics, the devices on the owner's home network (with an offline
 * OUI vendor look-up), and the map service's parking places and orders.
 */
export const insightRoutes = {
  analyticsClients: { method: 'GET', path: '/analytics/uniqueClient', access: 'owner' },
  analyticsClientUpdate: { method: 'PUT', path: '/analytics/uniqueClient/:id', access: 'owner' },
  analyticsSummary: { method: 'GET', path: '/analytics/summary', access: 'owner' },
  onlineDevices: { method: 'GET', path: '/spider/online-device', access: 'owner' },
  onlineDeviceUpdate: { method: 'PUT', path: '/spider/online-device/:mac', access: 'owner' },
  macInfo: { method: 'GET', path: '/api/other/mac-info', access: 'owner' },
  parkingByPosition: { method: 'GET', path: '/other/parking/byPosition', access: 'owner' },
  parkingOrders: { method: 'GET', path: '/other/parking/order', access: 'owner' },
  mapConfig: { method: 'GET', path: '/other/map/config', access: 'owner' },
  parkingPlaceCreate: { method: 'POST', path: '/other/parking/place', access: 'owner' },
  parkingPlaceUpdate: { method: 'PUT', path: '/other/parking/place/:id', access: 'owner' },
  parkingPlaceDelete: { method: 'DELETE', path: '/other/parking/place/:id', access: 'owner' },
  parkingOrderCreate: { method: 'POST', path: '/other/parking/order', access: 'owner' },
  parkingOrderUpdate: { method: 'PUT', path: '/other/parking/order/:id', access: 'owner' },
  parkingOrderDelete: { method: 'DELETE', path: '/other/parking/order/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
