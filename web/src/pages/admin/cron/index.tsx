import type { Job } from '@candy/contract/calls/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../core/request.ts';
import { AdminPage, EmptyState, ErrorState, LoadingState } from '../../../ui/adminKit/index.ts';
import { toast } from '../../../ui/toast.tsx';
import './cron.css';
import { JobCard } from './JobCard.tsx';

/**
 * 定时任务 (issue 12): the scheduler's jobs. While one runs the list is read every two seconds, so
 * "运行中" turns into its result without a reload.
 */
export default function Page() {
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
    <AdminPage title="定时任务" data-testid="cron-page">
      <p className="cron-intro">
        时间按服务器所在时区计算。多台实例时，同一次计划只会有一台执行；停机期间错过的“补跑”任务在启动时执行一次。
      </p>
      {jobs.isPending ? (
        <LoadingState />
      ) : jobs.isError ? (
        <ErrorState error={jobs.error} onRetry={() => jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <EmptyState>没有任务</EmptyState>
      ) : (
        <div className="cron-jobs">
          {jobs.data.map((job) => (
            <JobCard
              key={job.id}
              job={job}
              onFire={async () => {
                replace(await call('jobFire', { params: { id: job.id } }));
                toast.info(`「${job.name}」已开始运行`);
                void client.invalidateQueries({ queryKey: ['jobs'] });
              }}
              onUpdate={async (patch) => {
                replace(await call('jobUpdate', { params: { id: job.id }, body: patch }));
                toast.success('已保存');
              }}
            />
          ))}
        </div>
      )}
    </AdminPage>
  );
}
