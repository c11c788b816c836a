import { solveProof } from '../src/modules/comments/testKit.ts';
import type { Probe } from './openapiProbe.ts';

/**
 * Readers by e-mail (issue 43), on an app whose site address is set (`api`) with the owner's SMTP
 * server at `smtpPort`, and on one without mail (`closed`): subscribing is refused there (5030).
 * `signed` is a real unsubscribe link's query.
 */
export const newsletter = async (
  api: Probe,
  closed: Probe,
  smtpPort: number,
  signed: string,
  /** Runs the sending job and answers the token of the confirmation mail it sent. */
  mailedToken: () => Promise<string>,
) => {
  await api.ok('pushChannelUpdate', {
    params: { channel: 'email' },
    json: {
      enabled: false,
      settings: {
        host: '127.0.0.1',
        port: String(smtpPort),
        secure: 'false',
        from: 'site@candy.example',
        to: 'me@candy.example',
      },
    },
  });
  await api.ok('newsletterState');
  const proof = async (probe: Probe) => solveProof(await probe.ok('commentChallenge'));
  await api.ok('newsletterSubscribe', { json: { email: 'probe@example.org', proof: await proof(api) } });
  await api.fails('newsletterSubscribe', { json: { email: 'not-an-address' } }, 400);
  await closed.fails(
    'newsletterSubscribe',
    { json: { email: 'probe@example.org', proof: await proof(closed) } },
    503,
  );

  const token = 'x'.repeat(32);
  await api.call('newsletterConfirmPage', { query: { token } }, 200);
  await api.fails('newsletterConfirmPage', { query: {} }, 400);
  await api.fails('newsletterConfirm', { query: { token } }, 404);
  await api.ok('newsletterConfirm', { query: { token: await mailedToken() } });
  const query = Object.fromEntries(new URLSearchParams(signed));
  const forged = { ...query, sig: 'forged-signature' };
  await api.call('newsletterUnsubscribePage', { query }, 200);
  await api.fails('newsletterUnsubscribePage', { query: forged }, 403);
  await api.ok('newsletterUnsubscribe', { query });
  await api.fails('newsletterUnsubscribe', { query: forged }, 403);

  await api.ok('newsletterImport', { json: { csv: 'email\nimported@example.org\n', consented: true } });
  await api.fails('newsletterImport', { json: { csv: '', consented: true } }, 400);
  const page = await api.ok('newsletterSubscribers', { query: { q: 'imported' } });
  await api.fails('newsletterSubscribers', { query: { status: 'nobody' } }, 400);
  await api.ok('newsletterExport');
  await api.ok('newsletterSubscriberDelete', { params: { id: page.list[0]?.id ?? 0 } });
  await api.fails('newsletterSubscriberDelete', { params: { id: 999_999 } }, 404);

  await api.ok('newsletterSettings');
  await api.ok('newsletterSettingsUpdate', { json: { ratePerMinute: 30, autoSend: true } });
  await api.fails('newsletterSettingsUpdate', { json: { ratePerMinute: 0, autoSend: true } }, 400);

  const essay = await api.ok('essayCreate', { json: { content: '# 给读者\n\n正文' } });
  await api.ok('newsletterIssues');
  await api.ok('newsletterPreview', { params: { id: essay.id } });
  await api.fails('newsletterPreview', { params: { id: 999_999 } }, 404);
  await api.ok('newsletterTest', { params: { id: essay.id }, json: {} });
  await closed.fails('newsletterTest', { params: { id: 1 }, json: {} }, 503);
  await api.ok('newsletterSend', { params: { id: essay.id } });
  await api.fails('newsletterSend', { params: { id: 999_999 } }, 404);
  await api.ok('newsletterSkip', { params: { id: essay.id } });
  await api.fails('newsletterSkip', { params: { id: 999_999 } }, 404);
};
