import { issueStateLabels, type NewsletterIssue } from '@candy/contract/calls/newsletter';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../core/request.ts';
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
    toast.success(`测试邮件已寄往 ${to}`);
  };

  const columns: Column<NewsletterIssue>[] = [
    {
      key: 'subject',
      title: '随笔',
      render: (r) => (
        <span>
          #{r.essayId} {r.subject}
        </span>
      ),
    },
    {
      key: 'state',
      title: '状态',
      className: 'subs-nowrap',
      // Wrapped: a phone's card cell stretches its child, and a badge should stay its own size.
      render: (r) => (
        <span>
          <Badge tone={tones[r.state]}>{issueStateLabels[r.state]}</Badge>
        </span>
      ),
    },
    {
      key: 'report',
      title: '投递',
      render: (r) => (
        <span className="subs-report" data-testid="issue-report">
          已发 {r.sent} · 失败 {r.failed} · 待发 {r.pending}
          {r.skipped ? ` · 跳过 ${r.skipped}` : ''}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: '时间',
      render: (r) => formatDateTime(r.createdAt),
      sortValue: (r) => r.createdAt,
    },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <span className="subs-row-actions">
          <Button kind="text" onClick={() => setPreviewing(previewing === r.essayId ? null : r.essayId)}>
            {previewing === r.essayId ? '收起预览' : '预览'}
          </Button>
          <Button kind="text" onClick={() => test(r)}>
            发测试邮件
          </Button>
          {r.state === 'held' || r.state === 'skipped' ? (
            <Button
              confirm={{ title: '发送随笔', message: `把「${r.subject}」发给所有已确认的订阅者？` }}
              onClick={() => act(call('newsletterSend', { params: { id: r.essayId } }), '已开始发送')}
            >
              发送
            </Button>
          ) : null}
          {r.state === 'held' || r.state === 'queued' ? (
            <Button
              kind="dangerous"
              confirm={{ title: '不发送', message: `「${r.subject}」不再发送，还没寄出的邮件一并取消？` }}
              onClick={() => act(call('newsletterSkip', { params: { id: r.essayId } }), '已取消发送')}
            >
              不发送
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
        empty="还没有随笔要发送。随笔公开后会出现在这里。"
        data-testid="issue-table"
      />
      {previewing !== null ? <IssuePreview essayId={previewing} onClose={() => setPreviewing(null)} /> : null}
    </div>
  );
};
