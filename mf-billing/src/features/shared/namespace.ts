import { registerNamespace } from '@platform/ui';

// The module's texts, its server errors' included (`serverErrors.billing.*`, read by `failureText`).
// Only the active language's file is downloaded.
registerNamespace('billing', (lng) => import(`../../locales/${lng}.json`));
