import './notifications.css';
import { useCallback, useEffect, useState } from 'react';
import { Link, Navigate } from '@platform/router';
import type { Notification, NotificationListResponse } from '@platform/contracts';
import { apiRequest, loginPath, useLanguage, useSession } from '@platform/shell-state';
import {
  Alert,
  Button,
  Spinner,
  formatDateTime,
  failureText,
  usePageMeta,
  useTranslation,
} from '@platform/ui';
import { INBOX_PATH, useInbox } from './inbox';

const PAGE_SIZE = 20;

/**
 * /notifications: the signed-in person's notices, newest first, in the page's language. Those shown are
 * marked read on opening (still flagged New on this visit); "Mark all read" clears the rest.
 */
export function NotificationsPage() {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const language = useLanguage((s) => s.language);
  const { unread, markRead } = useInbox();
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState('');
  usePageMeta({ title: `${t('notifications.title')} | AfyaHR` });

  const load = useCallback(
    async (p: number, signal?: AbortSignal) => {
      setLoading(true);
      setError('');
      try {
        const res = await apiRequest<NotificationListResponse>(`${INBOX_PATH}?page=${p}&limit=${PAGE_SIZE}`, {
          signal,
        });
        if (!res.ok) throw res;
        const fresh = res.body.data;
        setItems((before) => (p === 1 ? fresh : [...before, ...fresh]));
        setTotal(res.body.pageInfo.total);
        setPage(p);
        const unseen = fresh.filter((n) => !n.readAt).map((n) => n.id);
        if (unseen.length) await markRead(unseen);
      } catch (err) {
        if ((err as Error)?.name !== 'AbortError') setError(failureText(t, err, 'notifications.loadError'));
      } finally {
        setLoading(false);
      }
    },
    [markRead, t],
  );

  useEffect(() => {
    if (!user) return;
    const abort = new AbortController();
    void load(1, abort.signal);
    return () => abort.abort();
  }, [user, load]);

  if (!user) return <Navigate to={loginPath('/notifications')} replace />;

  const markAll = async () => {
    try {
      await markRead('all');
    } catch (err) {
      setError(failureText(t, err, 'notifications.loadError'));
    }
  };

  return (
    <div className="container section notifications-page">
      <div className="notifications-head">
        <h1>{t('notifications.title')}</h1>
        {!!unread && (
          <Button variant="secondary" onClick={() => void markAll()}>
            {t('notifications.markAll')}
          </Button>
        )}
      </div>
      {error && <Alert kind="error">{error}</Alert>}
      {!loading && !error && items.length === 0 && <p className="muted">{t('notifications.empty')}</p>}
      {items.length > 0 && (
        <ul className="notification-list">
          {items.map((n) => (
            <li key={n.id} className={`card notification-item${n.readAt ? '' : ' is-new'}`}>
              {!n.readAt && <span className="badge">{t('notifications.new')}</span>}
              <Link to={n.link} className="notification-title">
                {n.title[language] || n.title.en}
              </Link>
              {n.body && <p className="notification-body">{n.body[language] || n.body.en}</p>}
              <time className="muted" dateTime={n.createdAt}>
                {formatDateTime(language, { dateStyle: 'medium', timeStyle: 'short' }, new Date(n.createdAt))}
              </time>
            </li>
          ))}
        </ul>
      )}
      {loading && <Spinner label={t('notifications.loading')} />}
      {!loading && items.length < total && (
        <Button variant="secondary" onClick={() => void load(page + 1)}>
          {t('notifications.more')}
        </Button>
      )}
    </div>
  );
}
