import { useApiQuery } from '@platform/data';
import { dateTimeFormat, localeOf, useDateFormat, useTranslation, type Language } from '@platform/ui';
import { adminApi, type WeeklySeries } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { LoadState } from '../shared/LoadState';
import { BarChart } from './BarChart';
import { scrollable } from '../shared/scrollable';

/**
 * /admin and /admin/dashboard: the spec's tiles (Total users, Total regular users, Total clinics, Recent
 * users) and recent-users table (N/A where a field is missing), and the last 12 weeks of sign-ups, jobs
 * posted, applications and event registrations, from svc-content's projections of the modules' events.
 */
export default function DashboardPage() {
  return (
    <AdminFrame section="dashboard">
      <Overview />
      <Activity />
    </AdminFrame>
  );
}

function Overview() {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const stats = useApiQuery(adminApi.stats());
  const latest = useApiQuery(adminApi.latestUsers());
  const failed = stats.error ?? latest.error;
  const s = stats.data;
  const recent = latest.data?.latestUsers ?? [];
  return (
    <LoadState
      loading={stats.loading || latest.loading}
      error={failed}
      onRetry={() => {
        stats.reload();
        latest.reload();
      }}
      loadingText={t('dashboard.loading')}
      failedKey="dashboard.failed"
    >
      {s && (
        <dl className="admin-tiles" aria-label={t('dashboard.tiles')}>
          <Tile label={t('dashboard.totalUsers')} value={s.totalUsers} />
          <Tile label={t('dashboard.totalRegular')} value={s.totalRegularUsers} />
          <Tile label={t('dashboard.totalClinics')} value={s.totalClinics} />
          <Tile label={t('dashboard.recentUsers')} value={recent.length} />
        </dl>
      )}
      <section aria-labelledby="recent-users" className="card">
        <h2 id="recent-users">{t('dashboard.recentTitle')}</h2>
        {recent.length === 0 ? (
          <p>{t('dashboard.noUsers')}</p>
        ) : (
          <div className="admin-table-wrap" {...scrollable(t('dashboard.recentTable'))}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.name')}</th>
                  <th scope="col">{t('dashboard.email')}</th>
                  <th scope="col">{t('dashboard.role')}</th>
                  <th scope="col">{t('dashboard.phone')}</th>
                  <th scope="col">{t('dashboard.joined')}</th>
                </tr>
              </thead>
              <tbody>
                {recent.map((u) => (
                  <tr key={u.id}>
                    <th scope="row">{u.name || t('na')}</th>
                    <td>{u.email || t('na')}</td>
                    <td>{t(`roles.${u.role || 'user'}`)}</td>
                    <td>{u.phone || t('na')}</td>
                    <td>{u.createdAt ? date(u.createdAt) : t('na')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </LoadState>
  );
}

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="admin-tile card">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const CHARTS = [
  ['signups', 'signupsColumn'],
  ['jobs', 'jobsColumn'],
  ['applications', 'applicationsColumn'],
  ['registrations', 'registrationsColumn'],
] as const;

/** The four weekly series, each a small SVG chart with its figures as a table. */
function Activity() {
  const { t, i18n } = useTranslation('admin');
  const series = useApiQuery(adminApi.series(12));
  const day = dateTimeFormat(localeOf(i18n.language as Language), {
    day: 'numeric',
    month: 'short',
    // A week is named by its first day, which the service gives as midnight UTC.
    timeZone: 'UTC',
  });
  const points = (s: WeeklySeries) =>
    s.map((p) => ({ label: day.format(new Date(p.weekStart)), value: p.count }));
  return (
    <section aria-labelledby="activity" className="section-tight">
      <h2 id="activity">{t('dashboard.activity')}</h2>
      <LoadState
        loading={series.loading}
        error={series.error}
        onRetry={series.reload}
        loadingText={t('dashboard.loading')}
        failedKey="dashboard.failed"
      >
        {series.data && (
          <div className="admin-charts">
            {CHARTS.map(([key, column]) => (
              <BarChart
                key={key}
                title={t(`dashboard.${key}`)}
                columnLabel={t(`dashboard.${column}`)}
                points={points(series.data!.series[key])}
              />
            ))}
          </div>
        )}
      </LoadState>
    </section>
  );
}
