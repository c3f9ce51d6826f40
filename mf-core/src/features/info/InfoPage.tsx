import { useRouteMeta, useTranslation } from '@platform/ui';
import '../shared/core.css';

export const INFO_PAGES = ['about', 'privacy', 'terms', 'cookies'] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];

interface Section {
  heading: string;
  body: string[];
}

/**
 * A page of text: its title, introduction and sections come from the `info.<page>` texts in each language
 * (About us, Privacy, Terms, Cookies), so the page is the same component and only the words differ.
 */
export function InfoPage({ page }: { page: InfoPageName }) {
  const { t } = useTranslation('core');
  useRouteMeta(t(`info.${page}.title`), t(`info.${page}.description`));
  const sections = t(`info.${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <div className="container narrow section info-page">
      <h1 className="display">{t(`info.${page}.title`)}</h1>
      <p className="lead">{t(`info.${page}.intro`)}</p>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      {page !== 'about' && <p className="muted">{t('info.updated')}</p>}
    </div>
  );
}

export const AboutPage = () => <InfoPage page="about" />;
export const PrivacyPage = () => <InfoPage page="privacy" />;
export const TermsPage = () => <InfoPage page="terms" />;
export const CookiesPage = () => <InfoPage page="cookies" />;
