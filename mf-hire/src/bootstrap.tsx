import '@platform/ui/theme.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Route, Router, Switch } from 'wouter';
import { initI18n, LanguageSwitcher, Spinner, ToastProvider } from '@platform/ui';
import routes from './exposes/routes';
import ClinicJobs from './exposes/ClinicJobs';

/** mf-hire on its own dev page (with /api proxied to a gateway), for working on the module without the shell. */
async function start() {
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ToastProvider>
        <Router>
          <div className="container row" style={{ justifyContent: 'flex-end', padding: 8 }}>
            <LanguageSwitcher />
          </div>
          <Suspense fallback={<Spinner label="…" />}>
            <Switch>
              {routes.map(({ path, Component }) => (
                <Route key={path} path={path} component={Component} />
              ))}
              <Route path="/clinicdashboard" component={ClinicJobs} />
            </Switch>
          </Suspense>
        </Router>
      </ToastProvider>
    </StrictMode>,
  );
}

void start();
