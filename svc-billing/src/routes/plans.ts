import type { App } from '@platform/service-kit';
import { PlansResponse } from '../../contract';
import { loadCatalogue } from '../stores/catalogue-store';
import type { Db } from '../stores/db';
import { toPlan } from './views';

/** The public catalogue for /pricing: Core plans and standalone modules, then add-ons and the single listing. */
export default async function planRoutes(app: App, { db }: { db: Db }) {
  app.get(
    '/api/billing/plans',
    { schema: { tags: ['billing'], response: { 200: PlansResponse } } },
    async () => {
      const items = await loadCatalogue(db);
      return {
        success: true as const,
        data: items.filter((i) => i.kind === 'plan' || i.kind === 'module').map(toPlan),
        addOns: items.filter((i) => i.kind === 'addon' || i.kind === 'listing').map(toPlan),
      };
    },
  );
}
