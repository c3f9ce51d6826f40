import fp from 'fastify-plugin';
import { JobStore, type Db } from './job-store';
import { ApplicationStore } from './application-store';
import { CvStore } from './cv-store';
import { SavedJobStore } from './saved-job-store';
import { AlertStore } from './alert-store';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobStore;
    applications: ApplicationStore;
    cvs: CvStore;
    savedJobs: SavedJobStore;
    alerts: AlertStore;
  }
}

/** svc-hire's repositories, decorated on the app for its routes (which declare this plugin as a dependency). */
export const hireStores = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorate('jobs', new JobStore(db));
    app.decorate('applications', new ApplicationStore(db));
    app.decorate('cvs', new CvStore(db));
    app.decorate('savedJobs', new SavedJobStore(db));
    app.decorate('alerts', new AlertStore(db));
  },
  { name: 'hire-stores' },
);
