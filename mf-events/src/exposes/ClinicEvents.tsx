import { lazy } from 'react';
import '../features/shared/namespace';

/** The clinic dashboard's Events widget: the event form, the organisation's events, attendees, check-in. */
export default lazy(() => import('../features/clinic-events/ClinicEvents'));
