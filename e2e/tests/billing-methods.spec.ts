import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { pdfText } from '@platform/testing';
import billing from '../../mf-billing/src/locales/en.json';
import { logInOk, uniqueEmail } from './helpers';

/**
 * The other ways to pay, through the real pages and the payments sandbox: a clinic is refused by its phone
 * (cancelled, then not enough money), each time told that nothing was charged and offered its next steps,
 * then pays by Airtel Money; another pays by card on the sandbox's hosted card page (Paystack-shaped) and
 * comes back to /billing. Both clinics are in their trial (buying ends it): no clock is moved.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ locale: 'en', viewport: { width: 1280, height: 800 } });
const PASSWORD = 'a good long clinic password';
/** The sandbox's test numbers (svc-billing/README): cancelled on the phone, not enough money. */
const CANCELLED = '0711 000 001';
const INSUFFICIENT = '0711 000 002';
const AIRTEL_PAYS = '0733 123 456';

/** A clinic account made through the API (signing up on the page is auth.spec's), logged in on the page. */
async function clinicLoggedIn(page: Page, name: string) {
  const email = uniqueEmail('billing-methods');
  const reg = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role: 'Clinic' },
  });
  expect(reg.status()).toBe(201);
  await logInOk(page, email, PASSWORD);
}

const methodRadio = (page: Page, method: 'mpesa' | 'airtel' | 'card') =>
  page.getByRole('radio', { name: billing.method[method] });

async function sendPrompt(page: Page, label: string, phone: string) {
  await page.getByLabel(label).fill(phone);
  await page.getByRole('button', { name: billing.checkout.pay }).click();
  await expect(page.getByRole('heading', { name: billing.outcome.checkPhone })).toBeVisible();
}

test('a refused M-Pesa prompt says nothing was charged and offers its next steps; Airtel Money then pays', async ({
  page,
}) => {
  await clinicLoggedIn(page, 'Kisumu Eye Clinic');
  // Its KRA PIN first, on /billing: the invoice of the payment below carries it.
  await page.goto('/billing');
  const details = page.getByRole('region', { name: billing.details.title });
  await details.getByLabel(billing.details.kraPin).fill('p051 234 567x');
  await details.getByRole('button', { name: billing.details.save }).click();
  await expect(details.getByRole('status')).toHaveText(
    billing.details.saved.replace('{{kraPin}}', 'P051234567X'),
  );

  await page.goto('/billing/checkout?items=hire');
  await expect(methodRadio(page, 'mpesa')).toBeChecked();

  // Cancelled on the phone (1032): said so, and "Try again" brings the same form back.
  await sendPrompt(page, billing.checkout.phoneMpesa, CANCELLED);
  await expect(page.getByRole('heading', { name: billing.outcome.title.cancelled })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('alert').filter({ hasText: billing.outcome.cancelled })).toBeVisible();
  await expect(page.getByRole('button', { name: billing.outcome.otherMethod })).toBeVisible();
  await page.getByRole('button', { name: billing.outcome.retry }).click();
  await expect(methodRadio(page, 'mpesa')).toBeChecked();

  // Not enough money (1): said so; "Use another method" moves to Airtel Money.
  await sendPrompt(page, billing.checkout.phoneMpesa, INSUFFICIENT);
  await expect(page.getByRole('heading', { name: billing.outcome.title.failed })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('alert').filter({ hasText: billing.outcome.failure.mpesa.insufficient_funds }),
  ).toBeVisible();
  await page.getByRole('button', { name: billing.outcome.otherMethod }).click();
  await expect(methodRadio(page, 'airtel')).toBeChecked();

  await sendPrompt(page, billing.checkout.phoneAirtel, AIRTEL_PAYS);
  await expect(page.getByRole('heading', { name: billing.outcome.title.paid })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('link', { name: billing.outcome.seePlan }).click();
  await expect(page).toHaveURL(/\/billing$/);
  await expect(
    page.getByRole('heading', { name: billing.plan.title.replace('{{name}}', billing.items.hire) }),
  ).toBeVisible();
  // The payments, newest first: Airtel's paid, M-Pesa's failed and cancelled.
  const payments = page.getByRole('listitem').filter({ hasText: / by (M-Pesa|Airtel Money): / });
  await expect(payments).toHaveCount(3);
  await expect(payments.nth(0)).toHaveText(
    new RegExp(`by ${billing.method.airtel}: ${billing.status.paid}$`),
  );
  await expect(payments.nth(1)).toHaveText(
    new RegExp(`by ${billing.method.mpesa}: ${billing.status.failed}$`),
  );
  await expect(payments.nth(2)).toHaveText(
    new RegExp(`by ${billing.method.mpesa}: ${billing.status.cancelled}$`),
  );

  // Its invoice names the seller and the clinic's KRA PIN, and says Airtel Money paid it.
  const download = page.waitForEvent('download');
  await page
    .getByRole('region', { name: billing.invoices.title })
    .getByRole('button', { name: new RegExp(`^${billing.invoices.download.invoice} INV-`) })
    .click();
  const lines = pdfText(readFileSync((await (await download).path())!)).split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      'Kisumu Eye Clinic',
      'KRA PIN: P051234567X',
      'Paid by Airtel Money. Prices include VAT 16 %.',
    ]),
  );
  expect(lines.slice(0, 3)).toEqual([
    'AfyaHR Limited',
    'P.O. Box 00000-00100, Nairobi, Kenya',
    'KRA PIN: P000000000A',
  ]);
});

test("a clinic pays by card on the provider's hosted page and comes back to its plan", async ({ page }) => {
  await clinicLoggedIn(page, 'Eldoret Diagnostics');
  await page.goto('/billing/checkout?items=events');
  await methodRadio(page, 'card').check();
  // No card field on the platform's page: the provider's page takes the card.
  await expect(page.getByText(billing.checkout.cardHosted)).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: billing.checkout.payCard }).click();

  await expect(page.getByRole('heading', { name: 'Sandbox card payment' })).toBeVisible();
  await expect(page.getByText('KES 500.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay with the test card' }).click();

  await expect(page).toHaveURL(/\/billing\?payment=[0-9a-f-]{36}&/);
  await expect(page.getByRole('heading', { name: billing.outcome.title.paid })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByRole('heading', { name: billing.plan.title.replace('{{name}}', billing.items.events) }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: new RegExp(`by ${billing.method.card}: ${billing.status.paid}$`) }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('region', { name: billing.invoices.title }).getByRole('button', {
      name: new RegExp(`^${billing.invoices.download.invoice} INV-`),
    }),
  ).toHaveCount(1);
});
