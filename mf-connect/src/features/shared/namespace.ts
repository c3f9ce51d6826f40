import { registerNamespace } from '@platform/ui';

// The module's texts, its server errors' included (`serverErrors.connect.*`, read by `failureText`).
// Only the active language's file is downloaded.
registerNamespace('connect', (lng) => import(`../../locales/${lng}.json`));
