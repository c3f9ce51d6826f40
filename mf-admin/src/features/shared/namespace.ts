import { registerNamespace } from '@platform/ui';

// Only the active language's file is downloaded.
registerNamespace('admin', (lng) => import(`../../locales/${lng}.json`));
