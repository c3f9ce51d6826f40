import { useState } from 'react';
import { Button, useTranslation } from '@platform/ui';

export const COOKIE_CHOICE_KEY = 'afya.cookieConsent';

function storedChoice(): string | null {
  try {
    return localStorage.getItem(COOKIE_CHOICE_KEY);
  } catch {
    return null;
  }
}

/**
 * Shown until the visitor accepts or declines; the choice is remembered. It sits under the navigation bar,
 * in the page's flow, so it never covers a form or its buttons at any width; an open dialog is above it.
 */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  const [choice, setChoice] = useState(storedChoice);
  if (choice) return null;
  const decide = (value: 'accepted' | 'declined') => {
    try {
      localStorage.setItem(COOKIE_CHOICE_KEY, value);
    } catch {
      /* private mode: the banner still closes for this visit */
    }
    setChoice(value);
  };
  return (
    <section className="cookie-banner" aria-label={t('cookies.label')}>
      <div className="container">
        <p>{t('cookies.text')}</p>
        <div className="row">
          <Button onClick={() => decide('accepted')}>{t('cookies.accept')}</Button>
          <Button variant="secondary" onClick={() => decide('declined')}>
            {t('cookies.decline')}
          </Button>
        </div>
      </div>
    </section>
  );
}
