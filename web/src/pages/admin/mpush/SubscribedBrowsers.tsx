import type { PushSubscriptionView } from '@candy/contract/calls/push';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { intlTag, t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import { shortTitle } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const nameOf = (row: PushSubscriptionView): string =>
  [row.browser, row.os].filter(Boolean).join(' · ') || t('admin.push.browser.unknown');

/**
 * Every browser that receives the owner's notifications, so one left on a lost phone or an old
 * laptop can be removed from here (issue 24: anything the owner can create, they can delete).
 */
export const SubscribedBrowsers = ({ ownEndpoint }: { ownEndpoint: string | null }) => {
  const t = useT();
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['push', 'subscriptions'], queryFn: () => call('pushSubscriptions') });
  if (!list.data?.length) return null;

  const remove = async (row: PushSubscriptionView) => {
    await call('pushUnsubscribe', { body: { endpoint: row.endpoint } });
    toast.success(t('admin.push.browser.removed', { name: nameOf(row) }));
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  return (
    <ul className="push-browsers" aria-label={t('admin.push.browser.list')}>
      {list.data.map((row) => (
        <li key={row.endpoint} data-testid="push-browser">
          <span>
            {nameOf(row)}
            {row.endpoint === ownEndpoint && (
              <span className="push-browser-own">{t('admin.push.browser.own')}</span>
            )}
          </span>
          <small>
            {t('admin.push.browser.since', {
              service: row.service,
              date: new Date(row.createdAt).toLocaleDateString(intlTag()),
            })}
          </small>
          {row.endpoint !== ownEndpoint && (
            <Button
              kind="dangerous"
              onClick={() => remove(row)}
              confirm={{
                message: t('admin.push.browser.remove.question', { title: shortTitle(nameOf(row)) }),
              }}
            >
              {t('admin.push.browser.remove')}
              <span className="sr-only">{t('admin.push.browser.remove.which', { name: nameOf(row) })}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
};
