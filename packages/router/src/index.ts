/**
 * The platform's router: react-router-dom, narrowed to what the shell and remotes use. This module (not
 * react-router-dom) is the shared federation singleton, so there is one router context on the page and
 * only this subset ships: react-router-dom shared whole is about 66 KB gzip, this subset about a quarter.
 * Add an export here only when a page needs it (each one adds to every first page's size).
 */
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps, NavigateFunction, Location } from 'react-router-dom';
