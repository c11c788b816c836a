import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '../../../app/router.tsx';
import { call } from '../../../core/request.ts';
import { t } from '../../../i18n/i18n.ts';
import { useT } from '../../../i18n/useT.ts';
import {
  ErrorState,
  formatBytes,
  formatDateTime,
  LoadingState,
  RichMessage,
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
    ? t('admin.home.uptime.days', { days, hours })
    : hours > 0
      ? t('admin.home.uptime.hours', { hours, minutes })
      : t('admin.home.uptime.minutes', { minutes });
};

/** The system: version, uptime, database, disk, memory, and the debug switch. */
const SystemPanel = () => {
  const queryClient = useQueryClient();
  const t = useT();
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
        <dt>{t('admin.home.system.version')}</dt>
        <dd>{s.version}</dd>
        <dt>{t('admin.home.system.uptime')}</dt>
        <dd>{uptime(s.uptimeSeconds)}</dd>
        <dt>{t('admin.home.system.database')}</dt>
        <dd>
          {s.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · {formatBytes(s.databaseSize)}
        </dd>
        <dt>{t('admin.home.system.dataDir')}</dt>
        <dd title={s.dataDir.path}>
          {t('admin.home.system.dataDir.use', {
            used: formatBytes(s.dataDir.used),
            free: formatBytes(s.dataDir.diskFree),
            total: formatBytes(s.dataDir.diskTotal),
          })}
        </dd>
        <dt>Node</dt>
        <dd>
          {s.node} · {s.platform}
        </dd>
        <dt>{t('admin.home.system.memory')}</dt>
        <dd>
          {t('admin.home.system.memory.use', {
            rss: formatBytes(s.memory.rss),
            heap: formatBytes(s.memory.heapUsed),
          })}
        </dd>
      </dl>
      <div className="dash-debug">
        <Switch
          checked={debugging}
          onChange={(on) => debug.mutateAsync(on)}
          label={t('admin.home.debug')}
          data-testid="debug-switch"
        />
        <p className="muted">
          {t('admin.home.debug.help', { minutes: DEBUG_MINUTES })}
          {s.debugUntil !== null &&
            t('admin.home.debug.until', {
              at: formatDateTime(s.debugUntil),
              relative: relativeTime(s.debugUntil),
            })}
          {t('admin.home.debug.level', { level: s.logLevel })}
        </p>
      </div>
    </div>
  );
};

/** Downloads everything (tables and files) as the archive `npm run import` restores. */
const ExportButton = () => {
  const t = useT();
  return (
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
        {t('admin.home.export')}
      </Button>
      <span className="muted">{t('admin.home.export.help')}</span>
    </div>
  );
};

/** The admin home's figures above the security panel (issue 10). */
export const Dashboard = () => {
  const figures = useQuery({ queryKey: ['dashboard'], queryFn: () => call('dashboard') });
  const d = figures.data;
  const t = useT();
  return (
    <div className="dashboard" data-testid="dashboard">
      {figures.isError ? (
        <ErrorState error={figures.error} onRetry={() => figures.refetch()} />
      ) : !d ? (
        <LoadingState />
      ) : (
        <div className="dash-stats">
          <Stat label={t('admin.home.stat.essays')} value={d.essays.total} />
          <Stat label={t('admin.home.stat.hidden')} value={d.essays.hidden} />
          <Stat
            label={t('admin.home.stat.reserved')}
            value={d.essays.reserved}
            hint={
              d.essays.nextDue
                ? t('admin.home.stat.reserved.next', { when: relativeTime(d.essays.nextDue.reservation) })
                : undefined
            }
          />
          <Stat
            label={t('admin.home.stat.comments')}
            value={d.comments.today}
            hint={t('admin.home.stat.comments.week', { count: d.comments.week })}
          />
          <Stat label={t('admin.home.stat.moments')} value={d.moments} />
          <Stat label={t('admin.home.stat.anime')} value={d.anime} />
          <Stat label={t('admin.home.stat.waifu')} value={d.waifu} />
        </div>
      )}
      {d?.essays.nextDue && (
        <p className="muted">
          <RichMessage
            id="admin.home.nextDue"
            values={{ at: formatDateTime(d.essays.nextDue.reservation) }}
            nodes={{
              essay: (
                <Link to="/great-old-one/chaos">
                  #{d.essays.nextDue.id} <span data-content>{d.essays.nextDue.title}</span>
                </Link>
              ),
            }}
          />
        </p>
      )}
      <section>
        <h2>{t('admin.home.images')}</h2>
        <ImagePipelinePanel full />
      </section>
      <section>
        <h2>{t('admin.home.comments')}</h2>
        <RecentComments size={5} paged={false} />
      </section>
      <section>
        <h2>{t('admin.home.backups')}</h2>
        <BackupPanel />
      </section>
      <section>
        <h2>{t('admin.home.system')}</h2>
        <SystemPanel />
        <ExportButton />
      </section>
    </div>
  );
};
