import './notifications.css';
import { useEffect } from 'react';
import { Link } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { useTranslation } from '@platform/ui';
import { POLL_MS, useInbox } from './inbox';

/** Badge text: the count, capped so it fits beside the bell on a phone. */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The navbar's bell for signed-in people: a link to /notifications named with the unread count
 * ("Notifications, 3 unread"), polled at a modest pace and on focus, never over a websocket.
 */
export function NotificationBell() {
  const { t } = useTranslation('shell');
  const token = useSession((s) => s.token);
  const { unread, refresh, reset } = useInbox();

  useEffect(() => {
    if (!token) {
      reset();
      return;
    }
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    const onFocus = () => void refresh();
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      // Signed out (the navbar then unmounts the bell) or another account: nobody sees the last count.
      reset();
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token, refresh, reset]);

  if (!token) return null;
  const count = unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="notification-bell"
      aria-label={count ? t('notifications.bellUnread', { count }) : t('notifications.bell')}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {count > 0 && (
        <span className="notification-badge" aria-hidden="true">
          {badgeText(count)}
        </span>
      )}
    </Link>
  );
}
