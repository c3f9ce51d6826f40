import type { App } from '@platform/service-kit';
import type { FuzzTarget } from '@platform/testing';
import { checkoutAs, startBilling } from './helpers';

/**
 * The API fuzz test's svc-billing (security/api-fuzz.int.test.ts walks every module service): live tokens
 * per role and real ids (a clinic's card payment), so each route is tried with valid ids beside the
 * generated bad input.
 *
 * No `trustTarget` yet: the trust suite wants a Clinic write answering 201 with no extra header, and
 * svc-billing's one Clinic write is a checkout (202, an Idempotency-Key, a provider behind it). Its refusals
 * of visitors and other roles are tested in checkout.int.test.ts.
 */
export const fuzzTarget: FuzzTarget<App> = {
  name: 'svc-billing',
  async start() {
    const ctx = await startBilling();
    const [user, clinic, admin] = [ctx.persona('user'), ctx.persona('Clinic'), ctx.persona('admin')];
    return {
      app: ctx.app,
      async fixtures() {
        const payment = await checkoutAs(ctx, clinic, { items: ['hire'], method: 'card' });
        if (payment.statusCode !== 202) throw new Error(`payment: ${payment.statusCode} ${payment.body}`);
        const id = (payment.json() as { data: { id: string } }).data.id;
        return {
          tokens: { user: user.token, Clinic: clinic.token, admin: admin.token },
          idsFor: () => ({ id: [id] }),
        };
      },
      close: () => ctx.close(),
    };
  },
};
