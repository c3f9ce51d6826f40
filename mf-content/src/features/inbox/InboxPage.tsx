import { useState } from 'react';
import { refreshApi, useApiQuery } from '@platform/data';
import {
  Button,
  ListStatus,
  Pager,
  SelectField,
  failureText,
  useDateFormat,
  usePreparedDateFormats,
  useToast,
  useTranslation,
} from '@platform/ui';
import { adminApi, type InboxItem, type InboxKind, type InboxPatch } from '../../api';
import { AdminFrame } from '../layout/AdminFrame';
import { useDateTime } from '../shared/use-dates';

const KINDS = ['', 'contact', 'demo'] as const;

/**
 * /admin/inbox: the contact messages (/contact) and demo requests (the landing page's modal and
 * /requestdemo) svc-content stored, newest first, each marked read and handled by the admin.
 */
export default function InboxPage() {
  return (
    <AdminFrame section="inbox">
      <Inbox />
    </AdminFrame>
  );
}

function Inbox() {
  const { t } = useTranslation('admin');
  // The messages' dates come with their data, after the page is drawn.
  usePreparedDateFormats();
  const [kind, setKind] = useState<'' | InboxKind>('');
  const [page, setPage] = useState(1);
  const list = useApiQuery(adminApi.inbox(kind, page));
  const info = list.data?.pageInfo;
  return (
    <>
      <div className="admin-toolbar">
        <SelectField
          label={t('inbox.show')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as '' | InboxKind);
            setPage(1);
          }}
          options={KINDS.map((k) => ({ value: k, label: t(`inbox.kinds.${k || 'all'}`) }))}
        />
      </div>
      <ListStatus
        error={list.error ? `${t('inbox.failed')}: ${failureText(t, list.error, 'inbox.failed')}` : null}
        loaded={!!list.data}
        pageInfo={info}
        onRetry={list.reload}
        texts={{
          retry: t('retry'),
          loading: t('inbox.loading'),
          count: (n, capped) => t(capped ? 'inbox.countCapped' : 'inbox.count', { count: n }),
        }}
      >
        {list.data?.data.length === 0 ? (
          <p>{t('inbox.empty')}</p>
        ) : (
          <ul className="admin-list">
            {list.data?.data.map((item) => (
              <li key={item.id}>
                <Message item={item} />
              </li>
            ))}
          </ul>
        )}
        {info && (
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(info.total / info.limit))}
            exact={!info.totalCapped}
            onPage={setPage}
            label={t('inbox.pages')}
          />
        )}
      </ListStatus>
    </>
  );
}

function Message({ item }: { item: InboxItem }) {
  const { t } = useTranslation('admin');
  const { show } = useToast();
  const when = useDateTime();
  const day = useDateFormat();
  const [busy, setBusy] = useState(false);
  const id = `inbox-${item.id}`;
  async function mark(patch: InboxPatch, done: string) {
    setBusy(true);
    try {
      const res = await adminApi.markInbox(item.id, patch);
      if (res.ok) {
        show({ kind: 'success', message: t(done, { name: item.name }) });
        await refreshApi('/api/content/inbox');
      } else show({ kind: 'error', message: failureText(t, res, 'inbox.markFailed') });
    } catch (err) {
      show({ kind: 'error', message: failureText(t, err, 'inbox.markFailed') });
    }
    setBusy(false);
  }
  const facts: Array<[string, string | null]> =
    item.kind === 'demo'
      ? [
          ['inbox.organization', item.organization],
          [
            'inbox.facilityType',
            item.facilityType &&
              t(`inbox.facilityTypes.${item.facilityType.replace(/\s+/g, '')}`, {
                defaultValue: item.facilityType,
              }),
          ],
          ['inbox.phone', item.phone],
          [
            'inbox.preferred',
            // A calendar day as typed (no zone): written in the reader's language, the time as given.
            [item.preferredDate && day(`${item.preferredDate}T12:00:00Z`), item.preferredTime]
              .filter(Boolean)
              .join(', ') || null,
          ],
        ]
      : [];
  return (
    <article className="card" aria-labelledby={id}>
      <h2 id={id}>{t(`inbox.from.${item.kind}`, { name: item.name })}</h2>
      <p className="muted">
        <span className="badge badge-muted">{t(`inbox.kind.${item.kind}`)}</span>{' '}
        {!item.readAt && <span className="badge badge-unread">{t('inbox.unread')}</span>}{' '}
        {item.handledAt && <span className="badge badge-ok">{t('inbox.handled')}</span>}{' '}
        <a href={`mailto:${item.email}`}>{item.email}</a> · {when(item.receivedAt)}
      </p>
      {facts.length > 0 && (
        <dl className="inbox-facts">
          {facts.map(([key, value]) => (
            <div key={key}>
              <dt>{t(key)}</dt>
              <dd>{value || t('na')}</dd>
            </div>
          ))}
        </dl>
      )}
      {item.message && <p className="inbox-message">{item.message}</p>}
      <div className="admin-actions">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void mark({ read: !item.readAt }, item.readAt ? 'inbox.markedUnread' : 'inbox.markedRead')
          }
        >
          {t(item.readAt ? 'inbox.markUnread' : 'inbox.markRead')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            void mark(
              item.handledAt ? { handled: false } : { handled: true, read: true },
              item.handledAt ? 'inbox.reopened' : 'inbox.markedHandled',
            )
          }
        >
          {t(item.handledAt ? 'inbox.reopen' : 'inbox.markHandled')}
        </Button>
      </div>
    </article>
  );
}
