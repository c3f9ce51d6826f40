import { lazy } from 'react';
import '../features/shared/namespace';

/** The clinic dashboard's Hire widget: post jobs, review applicants. */
export default lazy(() => import('../features/clinic-jobs/ClinicJobs'));
