import type { PushSubscriptionView } from '@candy/contract/calls/push';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { destroyQuestion } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';

const nameOf = (row: PushSubscriptionView): string =>
  [row.browser, row.os].filter(Boolean).join(' · ') || '未知浏览器';

/**
 * Every browser that receives the owner's notifications, so one left on a lost phone or an old
 * laptop can be removed from here (issue 24: anything the owner can create, they can delete).
 */
export const SubscribedBrowsers = ({ ownEndpoint }: { ownEndpoint: string | null }) => {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['push', 'subscriptions'], queryFn: () => call('pushSubscriptions') });
  if (!list.data?.length) return null;

  const remove = async (row: PushSubscriptionView) => {
    await call('pushUnsubscribe', { body: { endpoint: row.endpoint } });
    toast.success(`已移除：${nameOf(row)}`);
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  return (
    <ul className="push-browsers" aria-label="已订阅的浏览器">
      {list.data.map((row) => (
        <li key={row.endpoint} data-testid="push-browser">
          <span>
            {nameOf(row)}
            {row.endpoint === ownEndpoint && <span className="push-browser-own">此浏览器</span>}
          </span>
          <small>
            {row.service} · {new Date(row.createdAt).toLocaleDateString('zh-CN')} 订阅
          </small>
          {row.endpoint !== ownEndpoint && (
            <Button
              kind="dangerous"
              onClick={() => remove(row)}
              confirm={{
                message: destroyQuestion(
                  '移除',
                  '已订阅的浏览器',
                  { title: nameOf(row) },
                  '它将不再收到通知。',
                ),
              }}
            >
              移除<span className="sr-only">：{nameOf(row)}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
};
