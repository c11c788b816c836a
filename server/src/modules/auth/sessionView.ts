import type { OwnerSessionView } from '@candy/contract/calls/auth';
import { deviceOf } from '../../http/userAgent.ts';
import type { AccessKeyRow } from './repo.ts';

/** A live session as the security page lists it: browser and device read from its User-Agent. */
export const presentSession = (row: AccessKeyRow, currentId: number): OwnerSessionView => {
  const device = deviceOf(row.user_agent);
  return {
    id: row.id,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    ip: row.ip,
    userAgent: row.user_agent,
    current: row.id === currentId,
    method: row.method,
    browser: device.browser,
    os: device.os,
    device: device.platform,
  };
};
