import type { Essay } from '@candy/contract/calls/essays';
import type { Moment } from '@candy/contract/calls/moments';
import type { WebhookEventType } from '@candy/contract/calls/webhooks';
import type { Logger } from 'pino';

/** What a comment event tells the outside: no e-mail address, IP or device id. */
export interface CommentEventData {
  id: number;
  targetType: string;
  targetId: number;
  parentId: number | null;
  name: string;
  content: string;
  isOwner: boolean;
  createdAt: number;
}

/** A stored comment as its events tell it. */
export const commentEventOf = (row: {
  id: number;
  target_type: string;
  target_id: number;
  parent_id: number | null;
  guest_name: string;
  content: string;
  is_owner: number;
  created_at: number;
}): CommentEventData => ({
  id: row.id,
  targetType: row.target_type,
  targetId: row.target_id,
  parentId: row.parent_id,
  name: row.guest_name,
  content: row.content,
  isOwner: row.is_owner === 1,
  createdAt: row.created_at,
});

/**
 * Things that happened on the site, as the modules that did them announce them. Adding a type here
 * and to the contract's WEBHOOK_EVENTS is all a new webhook event takes. A comment held for review
 * is `comment.held`; it is `comment.posted` when the owner lets it through.
 */
export type SiteEvent =
  | { type: 'essay.published'; data: Essay }
  | { type: 'essay.updated'; data: Essay }
  | { type: 'essay.deleted'; data: { id: number } }
  | { type: 'moment.posted'; data: Moment }
  | { type: 'moment.updated'; data: Moment }
  | { type: 'moment.deleted'; data: { id: number } }
  | { type: 'comment.posted'; data: CommentEventData }
  | { type: 'comment.held'; data: CommentEventData };

// Keeps the server's events and the contract's list the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameEvents: Same<SiteEvent['type'], WebhookEventType> = true;
void sameEvents;

export type SiteEventListener = (event: SiteEvent) => Promise<void> | void;

/**
 * The modules' one way to say something happened, on the module context: a module emits, and
 * whoever cares (the webhooks module) listens, so no module reaches into another's repository and
 * the emitters know nothing of webhooks. `emit` waits for the listeners (a webhook listener only
 * queues rows; the sending happens off the request) and never throws: a listener's failure is
 * logged, the write that emitted has already happened.
 */
export const createEventBus = (logger: Logger) => {
  const listeners: SiteEventListener[] = [];
  return {
    on(listener: SiteEventListener): void {
      listeners.push(listener);
    },
    async emit(event: SiteEvent): Promise<void> {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          logger.error({ err: error, event: event.type }, 'event listener failed');
        }
      }
    },
  };
};

export type EventBus = ReturnType<typeof createEventBus>;
