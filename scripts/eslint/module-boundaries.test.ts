import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the rule is CommonJS, as ESLint loads it
const rule = require('./module-boundaries.cjs');

const root = '/repo';
const options = [{ root, modules: ['svc-hire', 'mf-hire', 'svc-billing', 'mf-billing'] }];
const at = (file: string) => path.join(root, file);

new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } }).run(
  'module-boundaries',
  rule,
  {
    valid: [
      // Its own code, another module's contract, shared packages, and folders that are no module's.
      { filename: at('svc-billing/src/app.ts'), code: "import x from './routes/items';", options },
      {
        filename: at('mf-billing/src/api.ts'),
        code: "import type { Item } from '@platform/svc-billing/contract';",
        options,
      },
      {
        filename: at('mf-hire/src/api.ts'),
        code: "import { x } from '../../svc-billing/contract';",
        options,
      },
      { filename: at('svc-hire/src/app.ts'), code: "import { x } from '@platform/service-kit';", options },
      {
        filename: at('svc-hire/test/notices.int.test.ts'),
        code: "import { startBilling } from '@platform/svc-billing/testing';",
        options,
      },
      {
        filename: at('security/trust.int.test.ts'),
        code: "import { x } from '../svc-hire/src/app';",
        options,
      },
    ],
    invalid: [
      {
        filename: at('svc-billing/src/app.ts'),
        code: "import { buildApp } from '../../svc-hire/src/app';",
        options,
        errors: [{ messageId: 'foreign' }],
      },
      {
        filename: at('mf-billing/src/page.tsx'),
        code: "export { x } from '@platform/svc-billing/src/db/schema';",
        options,
        errors: [{ messageId: 'foreign' }],
      },
      {
        filename: at('mf-hire/src/page.tsx'),
        code: "const m = import('../../mf-billing/src/features/x');",
        options,
        errors: [{ messageId: 'foreign' }],
      },
      {
        // Tests too: another module's helpers through its /testing export, never its folders.
        filename: at('svc-hire/test/notices.int.test.ts'),
        code: "import { startBilling } from '../../svc-billing/test/helpers';",
        options,
        errors: [{ messageId: 'foreign' }],
      },
    ],
  },
);
