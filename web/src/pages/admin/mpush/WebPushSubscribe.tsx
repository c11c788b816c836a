import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import { registerSiteWorker, siteWorkerRegistration } from '../../../core/siteWorker.ts';
import { subscriptionBody, vapidKeyBytes } from '../../../core/webPush.ts';
import { useT } from '../../../i18n/useT.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { SubscribedBrowsers } from './SubscribedBrowsers.tsx';

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** Subscribes this browser to the owner's notifications (a service worker shows them). */
export const WebPushSubscribe = ({
  vapidPublicKey,
  subscriptions,
}: {
  vapidPublicKey: string;
  subscriptions: number;
}) => {
  const t = useT();
  const client = useQueryClient();
  const [endpoint, setEndpoint] = useState<string | null>(null);
  useEffect(() => {
    if (!supported()) return;
    void siteWorkerRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setEndpoint(subscription?.endpoint ?? null));
  }, []);

  const subscribe = async () => {
    if ((await Notification.requestPermission()) !== 'granted') {
      toast.error(t('admin.push.webpush.denied'));
      return;
    }
    await registerSiteWorker();
    const registration = await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(vapidPublicKey),
    });
    await call('pushSubscribe', { body: subscriptionBody(subscription) });
    setEndpoint(subscription.endpoint);
    toast.success(t('admin.push.webpush.subscribed'));
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  const unsubscribe = async () => {
    const registration = await siteWorkerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
    if (endpoint) await call('pushUnsubscribe', { body: { endpoint } });
    setEndpoint(null);
    toast.success(t('admin.push.webpush.unsubscribed'));
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  return (
    <>
      <div className="push-webpush">
        <span>{t('admin.push.webpush.count', { count: subscriptions })}</span>
        {!supported() ? (
          <small>{t('admin.push.webpush.unsupported')}</small>
        ) : endpoint ? (
          <Button
            kind="dangerous"
            onClick={unsubscribe}
            confirm={{ message: t('admin.push.webpush.unsubscribe.question') }}
          >
            {t('admin.push.webpush.unsubscribe')}
          </Button>
        ) : (
          <Button onClick={subscribe} data-testid="push-subscribe">
            {t('admin.push.webpush.subscribe')}
          </Button>
        )}
      </div>
      <SubscribedBrowsers ownEndpoint={endpoint} />
    </>
  );
};
