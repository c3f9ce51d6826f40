import { Link, NavLink } from '@platform/router';
import { loginPath, useSession } from '@platform/shell-state';
import { useTranslation } from '@platform/ui';

/**
 * Connect's heading and its two sections as tabs, each its own address: Find Professionals (`/connect`)
 * and Discussions (`/connect/discussions`), so a phone reaches either without scrolling past the other.
 * The tab of the page shown is marked `aria-current="page"`. Beside the heading: My network, or for a
 * visitor the way to log in and reach it.
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
        {/* A visitor's way in stands where a member's network is, so the tabs below stay put when the
            page, drawn for visitors, learns that someone is signed in (layout shift). */}
        {signedIn ? (
          <Link className="btn btn-secondary" to="/connect/network">
            {t('page.myNetwork')}
          </Link>
        ) : (
          <Link className="btn btn-secondary" to={loginPath('/connect/network')}>
            {t('page.logInToConnect')}
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
