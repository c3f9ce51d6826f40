import { useState, useSyncExternalStore } from 'react';
import { PAGE_COOKIES } from '@platform/contracts/values';
import { Button, useTranslation } from '@platform/ui';
import { pageCookie, setPageCookie } from '../page-cookies';

export const COOKIE_CHOICE_KEY = 'afya.cookieConsent';

/** The answer as the gateway knows it (the page cookie): what a prerendered page was made with. */
const answeredCookie = () => pageCookie(PAGE_COOKIES.consent);

function storedChoice(): string | null {
  try {
    return localStorage.getItem(COOKIE_CHOICE_KEY) ?? answeredCookie();
  } catch {
    return answeredCookie();
  }
}
const unchanging = () => () => {};

/**
 * Shown until the visitor accepts or declines; the choice is remembered. It sits under the navigation bar,
 * in the page's flow, so it never covers a form or its buttons at any width; an open dialog is above it.
 */
export function CookieBanner() {
  const { t } = useTranslation('shell');
  const [decided, setDecided] = useState<string | null>(null);
  // Hydrating a prerendered page reads the cookie the gateway chose it by; then the stored answer.
  const stored = useSyncExternalStore(unchanging, storedChoice, answeredCookie);
  if (decided ?? stored) return null;
  const decide = (value: 'accepted' | 'declined') => {
    setPageCookie(PAGE_COOKIES.consent, value);
    try {
      localStorage.setItem(COOKIE_CHOICE_KEY, value);
    } catch {
      /* private mode: the banner still closes for this visit */
    }
    setDecided(value);
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

/** An answer stored before the page cookie existed gets it too, so the next page comes without the banner. */
export function copyAnswerToCookie(): void {
  try {
    const answer = localStorage.getItem(COOKIE_CHOICE_KEY);
    if (answer && !answeredCookie()) setPageCookie(PAGE_COOKIES.consent, answer);
  } catch {
    /* no storage: nothing to copy */
  }
}
