import { Link, useLocation, useNavigate } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { useRouteMeta, useTranslation } from '@platform/ui';
import { Discussions } from '../discussions/Discussions';
import { Directory } from './Directory';
import { connectUrl, readDiscussionFilters, readFilters } from './filters';
import '../shared/connect.css';

/** /connect: the spec's two sections, Find Professionals and Community Discussions. State lives in the URL. */
export default function ConnectPage() {
  const { t } = useTranslation('connect');
  useRouteMeta(t('meta.title'), t('meta.description'));
  const { search } = useLocation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.user !== null);
  const filters = readFilters(search);
  const discussions = readDiscussionFilters(search);

  return (
    <div className="container section connect-page">
      <div className="section-head">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{t('page.tagline')}</p>
        </div>
        {signedIn && (
          <Link className="btn btn-secondary" to="/connect/network">
            {t('page.myNetwork')}
          </Link>
        )}
      </div>
      <Directory filters={filters} onChange={(next) => navigate(connectUrl(next, discussions))} />
      <Discussions filters={discussions} onChange={(next) => navigate(connectUrl(filters, next))} />
    </div>
  );
}
