import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from '@platform/router';
import { Spinner, useTranslation } from '@platform/ui';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { CookieBanner } from './CookieBanner';
import { useSaveLanguage } from './save-language';

/** Scrolls to the top on each path change and moves focus to the page, for keyboard and screen-reader users. */
function useScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  useScrollToTop();
  useSaveLanguage();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Navbar />
      <CookieBanner />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Spinner label="…" />}>{children}</Suspense>
      </main>
      <Footer />
    </>
  );
}
