import { Link, NavLink } from '@platform/router';
import { useSession } from '@platform/shell-state';
import { useTranslation } from '@platform/ui';

/**
 * Connect's heading and its two sections as tabs, each its own address: Find Professionals (`/connect`)
 * and Discussions (`/connect/discussions`), so a phone reaches either without scrolling past the other.
 * The tab of the page shown is marked `aria-current="page"`.
 */
export function ConnectHeader() {
  const { t } = useTranslation('connect');
  const signedIn = useSession((s) => s.user !== null);
  return (
    <>
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
      <nav className="connect-tabs" aria-label={t('page.sections')}>
        <ul>
          <li>
            <NavLink to="/connect" end>
              {t('page.professionalsTab')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/connect/discussions" end>
              {t('page.discussionsTab')}
            </NavLink>
          </li>
        </ul>
      </nav>
    </>
  );
}
