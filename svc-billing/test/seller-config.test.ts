import { readConfig } from '../src/config';

/** Who sells, as invoices print it: configured, a KRA PIN in KRA's format, never the placeholder with real money. */
describe("the seller's details in the configuration", () => {
  const env = { JWT_PUBLIC_KEY: 'x', DATABASE_URL: 'postgres://x' };
  const realCard = { PAYSTACK_BASE_URL: 'https://api.paystack.co', PAYSTACK_SECRET_KEY: 'sk_live_real' };

  it('default to local placeholders against the sandbox, and take what is set', () => {
    expect(readConfig(env)).toMatchObject({
      BILLING_SELLER_NAME: 'AfyaHR Limited',
      BILLING_SELLER_ADDRESS: 'P.O. Box 00000-00100, Nairobi, Kenya',
      BILLING_SELLER_KRA_PIN: 'P000000000A',
    });
    const seller = {
      BILLING_SELLER_NAME: 'Afya Health Systems Limited',
      BILLING_SELLER_ADDRESS: 'P.O. Box 12345-00100, Nairobi',
      BILLING_SELLER_KRA_PIN: 'P052000111Q',
    };
    expect(readConfig({ ...env, ...realCard, ...seller })).toMatchObject(seller);
  });

  it('refuse a KRA PIN that is not a letter, 9 digits and a letter', () => {
    expect(() => readConfig({ ...env, BILLING_SELLER_KRA_PIN: 'P05200011Q' })).toThrow(
      /BILLING_SELLER_KRA_PIN/,
    );
  });

  it('stop the service when a real provider would be paid with the placeholder PIN on its invoices', () => {
    expect(() => readConfig({ ...env, ...realCard })).toThrow(/BILLING_SELLER_KRA_PIN: still the sandbox/);
  });
});
