import { useEffect } from 'react';
import { apiRequest, useLanguage, useSession } from '@platform/shell-state';

const SAVED_KEY = 'afya.savedLanguage';

/**
 * Keeps the signed-in account's language equal to the one chosen on the site, so its e-mails are written
 * in it. Saved once per account and language (remembered in this browser), not on every page load.
 */
export function useSaveLanguage(): void {
  const userId = useSession((s) => s.user?.id);
  const language = useLanguage((s) => s.language);
  useEffect(() => {
    if (!userId) return;
    const key = `${userId}:${language}`;
    if (localStorage.getItem(SAVED_KEY) === key) return;
    void apiRequest('/api/user/me', { method: 'PUT', body: { language } })
      .then((res) => res.ok && localStorage.setItem(SAVED_KEY, key))
      .catch(() => undefined);
  }, [userId, language]);
}
