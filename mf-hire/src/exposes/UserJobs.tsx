import { lazy } from 'react';
import '../features/shared/namespace';

/** The professional's dashboard's Hire widget: applications, CV, saved jobs and job alerts. */
export default lazy(() => import('../features/user-dashboard/UserJobs'));
