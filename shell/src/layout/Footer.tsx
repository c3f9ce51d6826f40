import { Link } from '@platform/router';
import { useTranslation } from '@platform/ui';
import { navLabel, useLanguage, useSiteMap } from '@platform/shell-state';
import { COMPANY, whatsappLink } from '../company';

export function Footer() {
  const { t } = useTranslation('shell');
  const product = useSiteMap((s) => s.footer);
  const language = useLanguage((s) => s.language);
  const year = new Date().getFullYear();
  const columns = [
    { title: t('footer.company'), links: [{ to: '/aboutus', label: t('footer.about') }] },
    {
      title: t('footer.product'),
      // The deployed modules' pages (their module.json).
      links: product.map((l) => ({ to: l.path, label: navLabel(l, language) })),
    },
    {
      title: t('footer.legal'),
      links: [
        { to: '/privacy', label: t('footer.privacy') },
        { to: '/terms', label: t('footer.terms') },
        { to: '/cookies', label: t('footer.cookies') },
      ],
    },
    {
      title: t('footer.support'),
      links: [
        { to: '/faqs', label: t('footer.faqs') },
        { to: '/contact', label: t('footer.contact') },
      ],
    },
  ];
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <p className="brand">
            <span className="brand-mark" aria-hidden="true">
              A
            </span>
            <span>{COMPANY.name}</span>
          </p>
          <p>{t('footer.slogan')}</p>
          <p className="row">
            <a
              href={COMPANY.social.facebook}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Facebook"
              className="social"
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M14 8h3V4h-3c-2.8 0-4 1.7-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.7-.6Z"
                />
              </svg>
            </a>
            <a
              href={whatsappLink()}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('footer.whatsapp')}
              className="social"
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm5.3 14.1c-.2.6-1.3 1.2-1.8 1.2-.5.1-1 .3-3.4-.7-2.9-1.2-4.7-4.1-4.8-4.3-.1-.2-1.2-1.6-1.2-3s.7-2.1 1-2.4c.3-.3.6-.3.8-.3h.6c.2 0 .5 0 .7.6l1 2.3c.1.2.1.4 0 .6l-.4.6-.5.5c-.2.2-.3.4-.1.7.2.3.8 1.4 1.8 2.2 1.2 1.1 2.2 1.4 2.5 1.6.3.1.5.1.7-.1l1-1.2c.2-.3.4-.2.7-.1l2.2 1c.3.2.5.2.6.4.1.1.1.7-.2 1.4Z"
                />
              </svg>
            </a>
          </p>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title}>
            <h2 className="footer-title">{c.title}</h2>
            <ul>
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="footer-title">{t('footer.reachUs')}</h2>
          <ul>
            <li>
              <a href={COMPANY.website} rel="noopener">
                {new URL(COMPANY.website).host}
              </a>
            </li>
            {COMPANY.emails.map((e) => (
              <li key={e}>
                <a href={`mailto:${e}`}>{e}</a>
              </li>
            ))}
            {COMPANY.phones.map((p) => (
              <li key={p}>
                <a href={`tel:${p.replace(/\s/g, '')}`}>{p}</a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="container copyright">{t('footer.copyright', { year, name: COMPANY.name })}</p>
    </footer>
  );
}
