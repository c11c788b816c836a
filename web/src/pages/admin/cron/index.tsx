import type { Job } from '@candy/contract/calls/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { AdminPage, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { toast } from '../../../ui/toast.tsx';
import './cron.css';
import { JobCard } from './JobCard.tsx';

/**
 * 定时任务 (issue 12): the scheduler's jobs. While one runs the list is read every two seconds, so
 * "运行中" turns into its result without a reload.
 */
export default function Page() {
  const t = useT();
  const client = useQueryClient();
  const jobs = useQuery({
    queryKey: ['jobs'],
    queryFn: () => call('jobList'),
    refetchInterval: (query) =>
      (query.state.data as Job[] | undefined)?.some((j) => j.running) ? 2000 : 30_000,
  });
  const replace = (job: Job) =>
    client.setQueryData<Job[]>(['jobs'], (list) => list?.map((j) => (j.id === job.id ? job : j)));

  return (
    <AdminPage title={t('admin.title.cron')} data-testid="cron-page">
      <p className="cron-intro">{t('admin.cron.intro')}</p>
      {jobs.isPending ? (
        <LoadingState />
      ) : jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState>{t('admin.cron.empty')}</EmptyState>
      ) : (
        <div className="cron-jobs">
          {jobs.data.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              onFire={async () => {
                replace(await call('jobFire', { params: { id: job.id } }));
                toast.info(t('admin.cron.started', { name: job.name }));
                void client.invalidateQueries({ queryKey: ['jobs'] });
              }}
              onUpdate={async (patch) => {
                replace(await call('jobUpdate', { params: { id: job.id }, body: patch }));
                toast.success(t('admin.cron.saved'));
              }}
            />
          ))}
        </div>
      )}
    </AdminPage>
  );
}
