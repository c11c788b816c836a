import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import {
  ErrorState,
  formatBytes,
  formatDateTime,
  LoadingState,
  relativeTime,
} from '../../../ui/adminKit/index.ts';
import { Button } from '../../../ui/Button.tsx';
import { Switch } from '../../../ui/Switch.tsx';
import { ImagePipelinePanel } from '../shared/ImagePipeline.tsx';
import { RecentComments } from '../shared/RecentComments.tsx';
import { BackupPanel } from './BackupPanel.tsx';

const DEBUG_MINUTES = 30;

const Stat = ({ label, value, hint }: { label: string; value: number | string; hint?: string }) => (
  <div className="dash-stat">
    <span className="dash-stat-value">{value}</span>
    <span className="dash-stat-label">{label}</span>
    {hint && <span className="dash-stat-hint">{hint}</span>}
  </div>
);

const uptime = (seconds: number) => {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return days > 0
    ? `${days} 天 ${hours} 小时`
    : hours > 0
      ? `${hours} 小时 ${minutes} 分`
      : `${minutes} 分钟`;
};

/** The system: version, uptime, database, disk, memory, and the debug switch. */
const SystemPanel = () => {
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ['system'], queryFn: () => call('systemInfo'), refetchInterval: 60_000 });
  const debug = useMutation({
    mutationFn: (on: boolean) =>
      call('systemDebug', {
        body: on ? { logLevel: 'debug', minutes: DEBUG_MINUTES } : { logLevel: 'info' },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['system'] }),
  });
  if (info.isError) return <ErrorState error={info.error} onRetry={() => info.refetch()} />;
  if (!info.data) return <LoadingState />;
  const s = info.data;
  const debugging = s.debugUntil !== null || s.logLevel === 'debug' || s.logLevel === 'trace';
  return (
    <div className="dash-system" data-testid="system-info">
      <dl>
        <dt>版本</dt>
        <dd>{s.version}</dd>
        <dt>运行时间</dt>
        <dd>{uptime(s.uptimeSeconds)}</dd>
        <dt>数据库</dt>
        <dd>
          {s.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · {formatBytes(s.databaseSize)}
        </dd>
        <dt>数据目录</dt>
        <dd title={s.dataDir.path}>
          已用 {formatBytes(s.dataDir.used)} · 磁盘剩余 {formatBytes(s.dataDir.diskFree)} /{' '}
          {formatBytes(s.dataDir.diskTotal)}
        </dd>
        <dt>Node</dt>
        <dd>
          {s.node} · {s.platform}
        </dd>
        <dt>内存</dt>
        <dd>
          RSS {formatBytes(s.memory.rss)} · 堆 {formatBytes(s.memory.heapUsed)}
        </dd>
      </dl>
      <div className="dash-debug">
        <Switch
          checked={debugging}
          onChange={(on) => debug.mutateAsync(on)}
          label="调试日志"
          data-testid="debug-switch"
        />
        <p className="muted">
          打开后服务器把日志级别调到 debug（记录每个请求的细节，便于排查问题），{DEBUG_MINUTES}{' '}
          分钟后自动恢复为平时的级别；重启也会恢复。
          {s.debugUntil !== null &&
            ` 将在 ${formatDateTime(s.debugUntil)}（${relativeTime(s.debugUntil)}）恢复。`}
          当前级别：{s.logLevel}。
        </p>
      </div>
    </div>
  );
};

/** Downloads everything (tables and files) as the archive `npm run import` restores. */
const ExportButton = () => (
  <div className="dash-export">
    <Button
      onClick={async () => {
        const blob = (await call('systemExport', { as: 'blob' })) as Blob;
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = `candy-jar-${new Date().toISOString().slice(0, 10)}.tar.gz`;
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      }}
      data-testid="export-download"
    >
      下载全站导出
    </Button>
    <span className="muted">
      所有数据表和上传的文件，一个 .tar.gz；用 npm run import 恢复到空数据库（SQLite 或
      PostgreSQL）。含密码散列，请妥善保管。
    </span>
  </div>
);

/** The admin home's figures above the security panel (issue 10). */
export const Dashboard = () => {
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => call('dashboard') });
  const d = figures.data;
  return (
    <div className="dashboard" data-testid="dashboard">
      {figures.isError ? (
        <ErrorState error={figures.error} onRetry={() => figures.refetch()} />
      ) : !d ? (
        <LoadingState />
      ) : (
        <div className="dash-stats">
          <Stat label="随笔" value={d.essays.total} />
          <Stat label="隐藏" value={d.essays.hidden} />
          <Stat
            label="定时"
            value={d.essays.reserved}
            hint={d.essays.nextDue ? `下一篇 ${relativeTime(d.essays.nextDue.reservation)}` : undefined}
          />
          <Stat label="今日评论" value={d.comments.today} hint={`本周 ${d.comments.week}`} />
          <Stat label="动态" value={d.moments} />
          <Stat label="番剧" value={d.anime} />
          <Stat label="老婆" value={d.waifu} />
        </div>
      )}
      {d?.essays.nextDue && (
        <p className="muted">
          下一篇定时随笔：
          <Link to="/great-old-one/chaos">
            #{d.essays.nextDue.id} {d.essays.nextDue.title}
          </Link>
          ，{formatDateTime(d.essays.nextDue.reservation)} 发布
        </p>
      )}
      <section>
        <h2>图片副本</h2>
        <ImagePipelinePanel full />
      </section>
      <section>
        <h2>最新评论</h2>
        <RecentComments size={5} paged={false} />
      </section>
      <section>
        <h2>备份</h2>
        <BackupPanel />
      </section>
      <section>
        <h2>系统</h2>
        <SystemPanel />
        <ExportButton />
      </section>
    </div>
  );
};
