import { Link } from '@platform/router';
import { Accordion, useRouteMeta, useTranslation } from '@platform/ui';
import '../shared/core.css';
import { useInfoTexts } from './texts';

/** `/faqs`: eight questions, one answer open at a time (the shared accessible accordion). */
export default function FaqsPage() {
  const { t } = useTranslation('core');
  const faqs = useInfoTexts().faqs;
  useRouteMeta(faqs.title, faqs.description);
  const items: { q: string; a: string }[] = faqs.items;
  return (
    <div className="container narrow section">
      <h1>{faqs.title}</h1>
      <p className="lead">{faqs.intro}</p>
      <Accordion
        headingLevel={2}
        items={(Array.isArray(items) ? items : []).map((item, i) => ({
          id: `q${i + 1}`,
          title: item.q,
          content: <p>{item.a}</p>,
        }))}
      />
      <p>
        {faqs.more} <Link to="/contact">{t('contact.title')}</Link>
      </p>
    </div>
  );
}
