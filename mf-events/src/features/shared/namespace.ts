import { registerNamespace } from '@platform/ui';

// The module's texts, its server errors' included (`serverErrors.events.*`, read by `failureText`).
// Only the active language's file is downloaded.
registerNamespace('events', (lng) => import(`../../locales/${lng}.json`));
