import { lazy } from 'react';
import '../features/shared/namespace';

/** The clinic dashboard's notice of the trial's days left (or a payment due, or an expired plan). */
export default lazy(() => import('../features/subscription/TrialNotice'));
