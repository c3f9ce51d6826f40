import { registerNamespace } from '@platform/ui';

// The module's texts, its server errors' included (`serverErrors.hire.*`, read by `failureText`).
// Only the active language's file is downloaded.
registerNamespace('hire', (lng) => import(`../../locales/${lng}.json`));
