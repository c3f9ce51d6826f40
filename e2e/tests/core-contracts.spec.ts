import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { joinTeam, PASSWORD, register, tokenOf } from './core-team';
import { acceptCookies, expectAccessible, logInOk } from './helpers';

/**
 * Issue 42's digital contracts, in the browser: HR makes a template and a contract for a nurse and sends it;
 * the nurse signs on her phone (360 px) with the code from her e-mail; HR signs for the clinic and downloads
 * the signed PDF; the public check page says genuine for it and not genuine for a copy with one byte changed.
 */
/** The newest signing code mailed to `email`. */
async function codeMailed(email: string, after: number): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR!;
  let code = '';
  await expect
    .poll(() => {
      const mails = readdirSync(dir)
        .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; raw: string })
        .filter((m) => m.to === email && /: (\d{6}) \(/.test(m.raw));
      code = mails.length > after ? /: (\d{6}) \(/.exec(mails.at(-1)!.raw)![1]! : '';
      return code;
    })
    .not.toBe('');
  return code;
}

async function signIn(page: Page, email: string) {
  await logInOk(page, email, PASSWORD);
  await acceptCookies(page);
}

test('HR makes and sends a contract; the nurse signs on her phone with the mailed code; HR signs; the check page tells genuine from changed', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Mbagathi Clinic ${tag}`, 'Clinic');
  const nurse = await register(page, `Neema Chebet ${tag}`, 'user');
  const clinicAuth = await tokenOf(page, clinic.email);
  await joinTeam(page, clinicAuth, nurse);

  // HR (the owner): a template, then a contract for the nurse, sent.
  await signIn(page, clinic.email);
  await page.goto('/hr/contracts');
  const templates = page.getByRole('region', { name: 'Contract templates' });
  const form = templates.getByRole('form', { name: 'New template' });
  await form.getByLabel('Template name').fill('Nurse contract');
  await form
    .getByLabel('Contract text')
    .fill(
      'Employment contract between {{organisation}} and {{name}}.\nSalary: {{salary}} from {{startDate}}.',
    );
  await form.getByRole('button', { name: 'Create template' }).click();
  await expect(form).toContainText('Template created.');
  await expect(templates).toContainText(
    'Nurse contract · merge fields: organisation, name, salary, startDate',
  );

  const made = page.getByRole('region', { name: 'New contract' });
  await made.getByLabel('Template').selectOption({ label: 'Nurse contract' });
  await made.getByLabel(/^Find/).fill('Neema');
  await made.getByLabel(/^Member/).selectOption({ label: nurse.name });
  await made.getByLabel('Salary').fill('85000');
  await made.getByLabel('Start date').fill('2026-04-01');
  await made.getByRole('button', { name: 'Create contract' }).click();
  await expect(made).toContainText(`Contract for ${nurse.name} created as a draft.`);
  const list = page.getByRole('region', { name: 'Contracts', exact: true });
  await expect(list).toContainText('Draft: not sent yet');
  await list.getByRole('button', { name: /^Open Nurse contract/ }).click();
  await list.getByRole('button', { name: 'Send to sign' }).click();
  await expect(list).toContainText('Sent: the person is told to sign it.');
  await expectAccessible(page, '/hr/contracts');

  // The nurse's phone: her contract, a code from her e-mail, signed.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await signIn(mobile, nurse.email);
  await mobile.goto('/hr/contracts/mine');
  const card = mobile.getByRole('article', { name: /^Nurse contract/ });
  const sign = card.getByRole('form', { name: 'Sign as the employee' });
  await sign.getByRole('button', { name: 'Send me a code' }).click();
  await expect(sign).toContainText('Code sent');
  const code = await codeMailed(nurse.email, 0);
  await sign.getByLabel('Six-digit code').fill(code);
  await sign.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(card).toContainText(`Employee: signed by ${nurse.name}`);
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(mobile, '/hr/contracts/mine at 360 px');
  await phone.close();

  // HR signs for the clinic and downloads the signed PDF.
  await page.reload();
  await list.getByRole('button', { name: /^Open Nurse contract/ }).click();
  const employer = list.getByRole('form', { name: 'Sign for the employer' });
  await employer.getByRole('button', { name: 'Send me a code' }).click();
  await expect(employer).toContainText('Code sent');
  await employer.getByLabel('Six-digit code').fill(await codeMailed(clinic.email, 0));
  await employer.getByRole('button', { name: 'Sign', exact: true }).click();
  await expect(list).toContainText(`Employer: signed by ${clinic.name}`);
  const downloading = page.waitForEvent('download');
  await list.getByRole('button', { name: /^Download the signed PDF/ }).click();
  const signed = readFileSync(await (await downloading).path());
  await list.getByRole('button', { name: 'See the verification record' }).click();
  await expect(list.getByLabel('Verification record')).toContainText(nurse.name);

  // Anyone: the signed PDF is genuine; one changed byte is not.
  const strangers = await browser.newContext();
  const stranger = await strangers.newPage();
  await stranger.goto('/contracts/verify');
  await acceptCookies(stranger);
  await stranger
    .getByLabel('Contract PDF')
    .setInputFiles({ name: 'signed.pdf', mimeType: 'application/pdf', buffer: signed });
  await expect(stranger.getByRole('region', { name: 'Genuine' })).toContainText(nurse.name);
  await expectAccessible(stranger, '/contracts/verify');
  const changed = Buffer.from(signed);
  const middle = Math.floor(changed.length / 2);
  changed[middle] = changed[middle]! ^ 1;
  await stranger
    .getByLabel('Contract PDF')
    .setInputFiles({ name: 'changed.pdf', mimeType: 'application/pdf', buffer: changed });
  await expect(stranger.getByRole('region', { name: 'Not genuine' })).toBeVisible();
  await strangers.close();
});
