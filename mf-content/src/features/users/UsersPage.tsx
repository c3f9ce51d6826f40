import { useState } from 'react';
import type { AdminAccount } from '@platform/contracts';
import { useApiQuery } from '@platform/data';
import { useSearchParams } from '@platform/router';
import { useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  ListStatus,
  Pager,
  SelectField,
  TextField,
  failureText,
  useDateFormat,
  useFileDownload,
  useTranslation,
} from '@platform/ui';
import { adminApi, type AccountQuery } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { AccountDialog, type AccountAction } from './AccountDialogs';
import { scrollable } from '../shared/scrollable';

const LIMIT = 20;
const FILTERS = ['', 'user', 'Clinic'] as const;

/** The list's search, filter and page, kept in the address (a reload or a shared link shows the same). */
function readQuery(params: URLSearchParams): AccountQuery {
  const role = params.get('role') ?? '';
  return {
    search: params.get('search') ?? '',
    role: (FILTERS as readonly string[]).includes(role) ? (role as AccountQuery['role']) : '',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/**
 * /admin/users: every account (svc-identity) in one table, searched by name or e-mail and filtered to
 * users or clinics on the server, a page at a time; the counts; suspend, unsuspend, change role and
 * remove, each asked first; Export data (users_clinics.csv, made by svc-content).
 */
export default function UsersPage() {
  return (
    <AdminFrame section="users">
      <Users />
    </AdminFrame>
  );
}

function Users() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const q = readQuery(params);
  const [typed, setTyped] = useState(q.search);
  const list = useApiQuery(adminApi.accounts(q, LIMIT));
  const exporter = useFileDownload('admin', 'users.exportFailed');
  const [dialog, setDialog] = useState<{ action: AccountAction; account: AdminAccount } | null>(null);

  const go = (next: Partial<AccountQuery>) => {
    const merged = { ...q, page: 1, ...next };
    const p = new URLSearchParams();
    if (merged.search.trim()) p.set('search', merged.search.trim());
    if (merged.role) p.set('role', merged.role);
    if (merged.page > 1) p.set('page', String(merged.page));
    setParams(p);
  };
  const pageInfo = list.data?.pageInfo;
  const pages = pageInfo ? Math.max(1, Math.ceil(pageInfo.total / pageInfo.limit)) : 1;

  return (
    <>
      <Counts />
      <form
        className="admin-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          go({ search: typed });
        }}
      >
        <TextField
          type="search"
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          maxLength={100}
        />
        <SelectField
          label={t('users.filter')}
          value={q.role}
          onChange={(e) => go({ search: typed, role: e.target.value as AccountQuery['role'] })}
          options={FILTERS.map((f) => ({ value: f, label: t(`users.filters.${f || 'all'}`) }))}
        />
        <Button type="submit" variant="secondary">
          {t('users.searchButton')}
        </Button>
        <Button
          type="button"
          loading={exporter.busy}
          onClick={() => void exporter.download(adminApi.exportCsv, 'users_clinics.csv')}
        >
          {t('users.export')}
        </Button>
      </form>
      {exporter.error && <Alert kind="error">{exporter.error}</Alert>}
      <ListStatus
        error={list.error ? failureText(t, list.error, 'users.failed') : null}
        loaded={!!list.data}
        pageInfo={pageInfo && { total: pageInfo.total, totalCapped: false }}
        onRetry={list.reload}
        texts={{
          retry: t('retry'),
          loading: t('users.loading'),
          count: (total) => t('users.found', { count: total }),
        }}
      >
        {list.data && list.data.data.length === 0 ? (
          <p>{t('users.empty')}</p>
        ) : (
          <AccountsTable
            accounts={list.data?.data ?? []}
            onAction={(action, account) => setDialog({ action, account })}
          />
        )}
        <Pager
          page={q.page}
          pages={pages}
          onPage={(page) => go({ search: q.search, page })}
          label={t('users.pages')}
        />
      </ListStatus>
      {dialog && <AccountDialog {...dialog} onClose={() => setDialog(null)} />}
    </>
  );
}

/** The spec's counts: Total users, Clinics, Total accounts (each the total of one filtered list). */
function Counts() {
  const { t } = useTranslation('admin');
  const users = useApiQuery(adminApi.accounts({ search: '', role: 'user', page: 1 }, 1));
  const clinics = useApiQuery(adminApi.accounts({ search: '', role: 'Clinic', page: 1 }, 1));
  const all = useApiQuery(adminApi.accounts({ search: '', role: '', page: 1 }, 1));
  const figure = (a: typeof users) => (a.data ? a.data.pageInfo.total : '…');
  return (
    <dl className="admin-tiles" aria-label={t('users.counts')}>
      <div className="admin-tile card">
        <dt>{t('users.totalUsers')}</dt>
        <dd>{figure(users)}</dd>
      </div>
      <div className="admin-tile card">
        <dt>{t('users.totalClinics')}</dt>
        <dd>{figure(clinics)}</dd>
      </div>
      <div className="admin-tile card">
        <dt>{t('users.totalAccounts')}</dt>
        <dd>{figure(all)}</dd>
      </div>
    </dl>
  );
}

function AccountsTable({
  accounts,
  onAction,
}: {
  accounts: AdminAccount[];
  onAction(action: AccountAction, account: AdminAccount): void;
}) {
  const { t } = useTranslation('admin');
  const date = useDateFormat();
  const me = useSession((s) => s.user?.id);
  return (
    <div className="admin-table-wrap" {...scrollable(t('users.tableCaption'))}>
      <table className="admin-table">
        <caption className="visually-hidden">{t('users.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('users.name')}</th>
            <th scope="col">{t('users.email')}</th>
            <th scope="col">{t('users.designation')}</th>
            <th scope="col">{t('users.phone')}</th>
            <th scope="col">{t('users.address')}</th>
            <th scope="col">{t('users.role')}</th>
            <th scope="col">{t('users.status')}</th>
            <th scope="col">{t('users.joined')}</th>
            <th scope="col">{t('users.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.name || t('na')}</th>
              <td>{a.email || t('na')}</td>
              <td>{a.designation || t('na')}</td>
              <td>{a.phone ? <a href={`tel:${a.phone.replace(/[^\d+]/g, '')}`}>{a.phone}</a> : t('na')}</td>
              <td>{a.address || t('na')}</td>
              <td>
                <span className={`badge badge-${a.role === 'user' ? 'muted' : a.role.toLowerCase()}`}>
                  {t(`roles.${a.role}`)}
                </span>
              </td>
              <td>
                {a.status === 'suspended' ? (
                  <>
                    <span className="badge badge-suspended">{t('users.suspended')}</span>
                    <br />
                    <small>
                      {a.suspendedUntil
                        ? t('users.suspendedUntil', { date: date(a.suspendedUntil) })
                        : t('users.suspendedIndefinitely')}
                      {a.suspendedReason && ` — ${a.suspendedReason}`}
                    </small>
                  </>
                ) : (
                  t(`users.statuses.${a.status}`)
                )}
              </td>
              <td>{a.createdAt ? date(a.createdAt) : t('na')}</td>
              <td>
                {a.id === me ? (
                  <span className="muted">{t('users.you')}</span>
                ) : (
                  a.status !== 'deleted' && (
                    <div className="admin-actions">
                      {a.status === 'suspended' ? (
                        <ActionButton action="unsuspend" account={a} onAction={onAction} />
                      ) : (
                        <ActionButton action="suspend" account={a} onAction={onAction} />
                      )}
                      <ActionButton action="changeRole" account={a} onAction={onAction} />
                      {a.role === 'Clinic' && (
                        <ActionButton action="verifyOrganisation" account={a} onAction={onAction} />
                      )}
                      <ActionButton action="remove" account={a} onAction={onAction} />
                    </div>
                  )
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ActionButton({
  action,
  account,
  onAction,
}: {
  action: AccountAction;
  account: AdminAccount;
  onAction(action: AccountAction, account: AdminAccount): void;
}) {
  const { t } = useTranslation('admin');
  return (
    // The name is in the label, so a screen reader's list of buttons says whose account each acts on.
    <Button
      variant="secondary"
      aria-label={t(`users.${action}.button`, { name: account.name })}
      onClick={() => onAction(action, account)}
    >
      {t(`users.${action}.short`)}
    </Button>
  );
}
