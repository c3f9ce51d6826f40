import { Link } from '@platform/router';
import { Accordion, useRouteMeta, useTranslation } from '@platform/ui';
import '../shared/core.css';

/** `/faqs`: eight questions, one answer open at a time (the shared accessible accordion). */
export default function FaqsPage() {
  const { t } = useTranslation('core');
  useRouteMeta(t('info.faqs.title'), t('info.faqs.description'));
  const items = t('info.faqs.items', { returnObjects: true }) as { q: string; a: string }[];
  return (
    <div className="container narrow section">
      <h1 className="display">{t('info.faqs.title')}</h1>
      <p className="lead">{t('info.faqs.intro')}</p>
      <Accordion
        headingLevel={2}
        items={(Array.isArray(items) ? items : []).map((item, i) => ({
          id: `q${i + 1}`,
          title: item.q,
          content: <p>{item.a}</p>,
        }))}
      />
      <p>
        {t('info.faqs.more')} <Link to="/contact">{t('contact.title')}</Link>
      </p>
    </div>
  );
}
