import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import billingEn from '../../mf-billing/src/locales/en.json';
import billingSw from '../../mf-billing/src/locales/sw.json';
import coreEn from '../../mf-core/src/locales/en.json';
import coreSw from '../../mf-core/src/locales/sw.json';
import hireEn from '../../mf-hire/src/locales/en.json';
import hireSw from '../../mf-hire/src/locales/sw.json';
import shellEn from '../../shell/src/locales/en.json';
import shellSw from '../../shell/src/locales/sw.json';
import { acceptCookies, LOCKS, uniqueEmail } from './helpers';
import { moveBillingClock } from './billing-clock';

/**
 * A clinic buys what it needs: its trial ends (svc-billing's test clock), "Post job" leads to the plans with
 * Hire chosen, it buys standalone Hire by M-Pesa through the payments sandbox, posts two jobs, is refused a
 * third with the way to upgrade, upgrades to Professional, posts the third and downloads its invoice. In English on a desktop, and
 * in Kiswahili at 360 px, the texts read from the modules' own locale files.
 */
// Fifteen days on svc-billing's clock end every clinic's trial: no other journey runs meanwhile.
test.describe.configure({ timeout: 240_000, lock: LOCKS.alone });
const PASSWORD = 'a good long clinic password';
const TEXTS = {
  en: { billing: billingEn, core: coreEn, hire: hireEn, shell: shellEn },
  sw: { billing: billingSw, core: coreSw, hire: hireSw, shell: shellSw },
};
const fill = (template: string, vars: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));
/** A template's text after its `{{placeholder}}`s, to match whatever the page formatted into them. */
const tail = (template: string) =>
  template
    .split(/\{\{\w+\}\}/)
    .at(-1)!
    .trim();

/** A template as a pattern: whatever the page formatted into its `{{placeholder}}`s. */
const matching = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+')}$`);

test.afterEach(() => moveBillingClock(0));

for (const [lng, width] of [
  ['en', 1280],
  ['sw', 360],
] as const) {
  test.describe(`in ${lng} at ${width} px`, () => {
    test.use({ locale: lng, viewport: { width, height: width === 360 ? 740 : 800 } });
    const { billing, core, hire, shell } = TEXTS[lng];

    async function postJob(page: Page, title: string) {
      await page.goto('/clinicdashboard');
      const form = page.getByRole('region', { name: hire.clinic.postTitle });
      await form.getByLabel(hire.clinic.jobTitle).fill(title);
      await form.getByLabel(hire.clinic.location, { exact: true }).fill('Nakuru, Kenya');
      await form.getByLabel(hire.clinic.description, { exact: true }).fill('Shifts on the maternity ward.');
      await form.getByRole('button', { name: hire.clinic.post }).click();
    }

    /** Pays the checkout on screen by M-Pesa with the sandbox's paying number. */
    async function payByMpesa(page: Page) {
      await expect(page.getByRole('radio', { name: billing.method.mpesa })).toBeChecked();
      await page.getByLabel(billing.checkout.phoneMpesa).fill('0708 374 149');
      await page.getByRole('button', { name: billing.checkout.pay }).click();
      await expect(page.getByRole('heading', { name: billing.outcome.checkPhone })).toBeVisible();
      await expect(page.getByText(tail(billing.outcome.paid).split('.')[0]!)).toBeVisible({
        timeout: 30_000,
      });
    }

    test('a clinic whose trial ended buys Hire by M-Pesa, reaches its limit and upgrades', async ({
      page,
    }) => {
      const email = uniqueEmail(`billing-${lng}`);
      // Signing up through the page is covered by auth.spec; here the clinic's account comes from the API.
      const reg = await page.request.post('/api/user/register', {
        data: { name: 'Nakuru Maternity Clinic', email, password: PASSWORD, role: 'Clinic' },
      });
      expect(reg.status()).toBe(201);
      await page.goto('/login');
      await acceptCookies(page, shell.cookies.accept);
      await page.getByLabel(core.login.email).fill(email);
      await page.getByLabel(core.login.password).fill(PASSWORD);
      await page.getByRole('main').getByRole('button', { name: core.login.submit }).click();
      await expect(page).not.toHaveURL(/\/login/);
      await page.goto('/clinicdashboard');
      await expect(
        page.getByRole('heading', { name: fill(billing.notice.trial_other, { count: 14 }) }),
      ).toBeVisible();

      // Fifteen days on: the sweep ends the trial and svc-hire learns it from billing's event.
      moveBillingClock(15);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('heading', { name: billing.notice.expired })).toBeVisible({
          timeout: 2000,
        });
      }).toPass({ timeout: 60_000 });
      await page.waitForTimeout(3000);

      await postJob(page, 'Night Midwife');
      await expect(page).toHaveURL(/\/pricing\?choose=hire$/);
      const hireName = core.pricing.addons.hire;
      await page
        .getByRole('status')
        .getByRole('link', { name: fill(core.pricing.subscribe, { name: hireName }) })
        .click();
      await expect(page).toHaveURL(/\/billing\/checkout\?items=hire$/);
      await payByMpesa(page);
      await page.waitForTimeout(3000);

      for (const title of ['Night Midwife', 'Theatre Nurse']) {
        await postJob(page, title);
        await expect(page.getByText(hire.clinic.posted)).toBeVisible();
      }
      await postJob(page, 'Ward Clerk');
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: fill(hire.clinic.limitReached_other, { count: 2 }) });
      await expect(refusal).toBeVisible();
      await refusal.getByRole('link', { name: hire.clinic.upgrade }).click();
      const professional = core.pricing.plans.professional.name;
      await page.getByRole('link', { name: fill(core.pricing.subscribe, { name: professional }) }).click();
      await expect(page).toHaveURL(/\/billing\/checkout\?items=professional$/);
      await payByMpesa(page);
      await page.waitForTimeout(3000);

      await postJob(page, 'Ward Clerk');
      await expect(page.getByText(hire.clinic.posted)).toBeVisible();
      await page.goto('/billing');
      await expect(
        page.getByRole('heading', { name: fill(billing.plan.title, { name: billing.items.professional }) }),
      ).toBeVisible();

      // Each paid period's invoice, newest first (the upgrade's, then Hire's): the PDF downloads.
      const invoices = page.getByRole('region', { name: billing.invoices.title });
      const downloads = invoices.getByRole('button', {
        name: matching(billing.invoices.download.invoiceFor),
      });
      await expect(downloads).toHaveCount(2);
      const download = page.waitForEvent('download');
      await downloads.first().click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
      expect(
        readFileSync((await file.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    });
  });
}
