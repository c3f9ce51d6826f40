import { lazy } from 'react';
import '../features/shared/namespace';

/** The professional's dashboard's Events widget: upcoming events, CPD points and certificates. */
export default lazy(() => import('../features/user-events/UserEvents'));
