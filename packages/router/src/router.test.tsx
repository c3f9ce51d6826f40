import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as router from './index';
import {
  BrowserRouter,
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './index';

const at = (path: string) => window.history.replaceState(null, '', path);

describe('@platform/router', () => {
  it('offers exactly the parts of react-router-dom the platform uses', () => {
    expect(Object.keys(router).sort()).toEqual(
      [
        'BrowserRouter',
        'Routes',
        'Route',
        'Link',
        'NavLink',
        'Navigate',
        'Outlet',
        'useNavigate',
        'useLocation',
        'useParams',
        'useSearchParams',
      ].sort(),
    );
  });

  // As the shell and a remote use it: the shell's layout and routes, a remote's pages inside a prefix.
  function Shell() {
    const { pathname, search } = useLocation();
    return (
      <>
        <nav aria-label="Main">
          <NavLink to="/">Home</NavLink>
          <NavLink to="/hire">Hire</NavLink>
        </nav>
        <p>at {pathname + search}</p>
        <Routes>
          <Route path="/" element={<h1>Home page</h1>} />
          <Route path="/hire/*" element={<HirePages />} />
          <Route path="/old-jobs" element={<Navigate to="/hire" replace />} />
          <Route path="*" element={<h1>Not found</h1>} />
        </Routes>
      </>
    );
  }
  function HirePages() {
    return (
      <Routes>
        <Route element={<Outlet />}>
          <Route path="/" element={<Board />} />
          <Route path="/:id" element={<JobPage />} />
        </Route>
      </Routes>
    );
  }
  function Board() {
    const [params, setParams] = useSearchParams();
    return (
      <>
        <h1>Jobs{params.get('title') ? ` for ${params.get('title')}` : ''}</h1>
        <button onClick={() => setParams({ title: 'nurse' })}>Search nurses</button>
        <Link to="/hire/42">Night Nurse</Link>
      </>
    );
  }
  function JobPage() {
    const { id } = useParams();
    const navigate = useNavigate();
    return (
      <>
        <h1>Job {id}</h1>
        <button onClick={() => navigate('/')}>Home</button>
      </>
    );
  }

  it('routes a remote inside its prefix under one router: links, params, search and redirects', async () => {
    at('/old-jobs');
    render(
      <BrowserRouter>
        <Shell />
      </BrowserRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Jobs' })).toBeInTheDocument();
    expect(screen.getByText('at /hire')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Hire' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

    await userEvent.click(screen.getByRole('button', { name: 'Search nurses' }));
    expect(screen.getByRole('heading', { name: 'Jobs for nurse' })).toBeInTheDocument();
    expect(window.location.search).toBe('?title=nurse');

    await userEvent.click(screen.getByRole('link', { name: 'Night Nurse' }));
    expect(screen.getByRole('heading', { name: 'Job 42' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/hire/42');
    // The section's link stays current on its sub-pages.
    expect(screen.getByRole('link', { name: 'Hire' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();

    // The browser's Back and Forward buttons.
    act(() => window.history.back());
    expect(await screen.findByRole('heading', { name: 'Job 42' })).toBeInTheDocument();
    act(() => {
      window.history.pushState(null, '', '/nowhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });
});
