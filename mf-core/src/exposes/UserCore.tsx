import { lazy } from 'react';
import { registerNamespace } from '@platform/ui';

registerNamespace('core', (lng) => import(`../locales/${lng}.json`));

/** The professional's dashboard's Core widget: their shifts, leave and timesheet, when they are on a team. */
export default lazy(() => import('../features/hr/UserCore'));
