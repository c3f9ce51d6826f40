import { registerNamespace } from '@platform/ui';

// Only the active language's file is downloaded.
registerNamespace('connect', (lng) => import(`../../locales/${lng}.json`));
