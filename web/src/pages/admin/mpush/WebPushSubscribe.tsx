import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../../core/request.ts';
import { registerSiteWorker, siteWorkerRegistration } from '../../../core/siteWorker.ts';
import { subscriptionBody, vapidKeyBytes } from '../../../core/webPush.ts';
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
      toast.error('浏览器没有允许通知');
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
    toast.success('这个浏览器会收到通知了');
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  const unsubscribe = async () => {
    const registration = await siteWorkerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
    if (endpoint) await call('pushUnsubscribe', { body: { endpoint } });
    setEndpoint(null);
    toast.success('已取消订阅');
    await client.invalidateQueries({ queryKey: ['push'] });
  };

  return (
    <>
      <div className="push-webpush">
        <span>已订阅的浏览器：{subscriptions} 个</span>
        {!supported() ? (
          <small>这个浏览器不支持 Web Push</small>
        ) : endpoint ? (
          <Button kind="dangerous" onClick={unsubscribe} confirm={{ message: '这个浏览器将不再收到通知。' }}>
            取消订阅此浏览器
          </Button>
        ) : (
          <Button onClick={subscribe} data-testid="push-subscribe">
            订阅此浏览器
          </Button>
        )}
      </div>
      <SubscribedBrowsers ownEndpoint={endpoint} />
    </>
  );
};
