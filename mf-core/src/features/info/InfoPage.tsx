import { useRouteMeta } from '@platform/ui';
import { useInfoTexts } from './texts';
import '../shared/core.css';

export const INFO_PAGES = ['about', 'privacy', 'terms', 'cookies'] as const;
export type InfoPageName = (typeof INFO_PAGES)[number];

interface Section {
  heading: string;
  body: string[];
}

/**
 * A page of text: its title, introduction and sections come from the info texts (./texts) in each language
 * (About us, Privacy, Terms, Cookies), so the page is the same component and only the words differ.
 */
export function InfoPage({ page }: { page: InfoPageName }) {
  const info = useInfoTexts();
  const texts = info[page];
  useRouteMeta(texts.title, texts.description);
  const sections: Section[] = texts.sections;
  return (
    <div className="container narrow section info-page">
      <h1>{texts.title}</h1>
      <p className="lead">{texts.intro}</p>
      {Array.isArray(sections) &&
        sections.map((s) => (
          <section key={s.heading}>
            <h2>{s.heading}</h2>
            {s.body.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
      {page !== 'about' && <p className="muted">{info.updated}</p>}
    </div>
  );
}

export const AboutPage = () => <InfoPage page="about" />;
export const PrivacyPage = () => <InfoPage page="privacy" />;
export const TermsPage = () => <InfoPage page="terms" />;
export const CookiesPage = () => <InfoPage page="cookies" />;
