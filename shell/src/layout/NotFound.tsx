import { Link } from '@platform/router';
import { useRouteMeta, useTranslation } from '@platform/ui';

export function NotFound() {
  const { t } = useTranslation('shell');
  useRouteMeta(t('notFound.title'));
  return (
    <section className="container section center" aria-labelledby="nf-title">
      <p className="display notfound-code" aria-hidden="true">
        404
      </p>
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="btn btn-primary" to="/">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
