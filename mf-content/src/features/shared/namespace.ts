import { registerNamespace } from '@platform/ui';

// The module's texts, its server errors' included (`serverErrors.content.*` and the billing codes its
// screens meet, read by `failureText`). Only the active language's file is downloaded.
registerNamespace('admin', (lng) => import(`../../locales/${lng}.json`));
