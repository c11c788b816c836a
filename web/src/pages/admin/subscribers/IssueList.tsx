import type { NewsletterIssue } from '@candy/contract/calls/newsletter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { Badge, type BadgeTone, type Column, DataTable, formatDateTime } from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { IssuePreview } from './IssuePreview.tsx';

const tones: Record<NewsletterIssue['state'], BadgeTone> = {
  held: 'warning',
  queued: 'info',
  done: 'success',
  skipped: 'muted',
};

/** Each essay's mailing: its delivery report, a preview, a test mail to the owner, send and skip. */
export const IssueList = () => {
  const t = useT();
  const client = useQueryClient();
  const issues = useQuery({ queryKey: ['newsletter', 'issues'], queryFn: () => call('newsletterIssues') });
  const [previewing, setPreviewing] = useState<number | null>(null);

  const act = async (answer: Promise<NewsletterIssue>, done: string) => {
    await answer;
    toast.success(done);
    await client.invalidateQueries({ queryKey: ['newsletter', 'issues'] });
  };
  const test = async (row: NewsletterIssue) => {
    const { to } = await call('newsletterTest', { params: { id: row.essayId }, body: {} });
    toast.success(t('admin.subscribers.issue.tested', { to }));
  };

  const columns: Column<NewsletterIssue>[] = [
    {
      key: 'subject',
      title: t('admin.subscribers.column.essay'),
      render: (r) => (
        <span data-content>
          #{r.essayId} {r.subject}
        </span>
      ),
    },
    {
      key: 'state',
      title: t('admin.subscribers.column.status'),
      className: 'subs-nowrap',
      // Wrapped: a phone's card cell stretches its child, and a badge should stay its own size.
      render: (r) => (
        <span>
          <Badge tone={tones[r.state]}>{t(`admin.subscribers.issue.${r.state}`)}</Badge>
        </span>
      ),
    },
    {
      key: 'report',
      title: t('admin.subscribers.column.report'),
      render: (r) => (
        <span className="subs-report" data-testid="issue-report">
          {t(r.skipped ? 'admin.subscribers.issue.report.skipped' : 'admin.subscribers.issue.report', {
            sent: r.sent,
            failed: r.failed,
            pending: r.pending,
            skipped: r.skipped,
          })}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('admin.subscribers.column.time'),
      render: (r) => formatDateTime(r.createdAt),
      sortValue: (r) => r.createdAt,
    },
    {
      key: 'actions',
      title: t('admin.subscribers.column.actions'),
      render: (r) => (
        <span className="subs-row-actions">
          <Button kind="text" onClick={() => setPreviewing(previewing === r.essayId ? null : r.essayId)}>
            {previewing === r.essayId
              ? t('admin.subscribers.issue.preview.hide')
              : t('admin.subscribers.issue.preview')}
          </Button>
          <Button kind="text" onClick={() => test(r)}>
            {t('admin.subscribers.issue.test')}
          </Button>
          {r.state === 'held' || r.state === 'skipped' ? (
            <Button
              confirm={{
                title: t('admin.subscribers.issue.send.title'),
                message: t('admin.subscribers.issue.send.question', { subject: r.subject }),
              }}
              onClick={() =>
                act(
                  call('newsletterSend', { params: { id: r.essayId } }),
                  t('admin.subscribers.issue.send.started'),
                )
              }
            >
              {t('admin.subscribers.issue.send')}
            </Button>
          ) : null}
          {r.state === 'held' || r.state === 'queued' ? (
            <Button
              kind="dangerous"
              confirm={{
                title: t('admin.subscribers.issue.skip'),
                message: t('admin.subscribers.issue.skip.question', { subject: r.subject }),
              }}
              onClick={() =>
                act(
                  call('newsletterSkip', { params: { id: r.essayId } }),
                  t('admin.subscribers.issue.skip.done'),
                )
              }
            >
              {t('admin.subscribers.issue.skip')}
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="subs-issues">
      <DataTable
        rows={issues.data}
        columns={columns}
        rowKey={(r) => r.essayId}
        loading={issues.isFetching}
        error={issues.error}
        onRetry={() => issues.refetch()}
        empty={t('admin.subscribers.issue.empty')}
        data-testid="issue-table"
      />
      {previewing !== null ? <IssuePreview essayId={previewing} onClose={() => setPreviewing(null)} /> : null}
    </div>
  );
};
