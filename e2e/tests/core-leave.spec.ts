import { expect, test } from '@playwright/test';
import {
  addDepartment,
  joinTeam,
  PASSWORD,
  phoneSignedIn,
  register,
  setCoreDay as setToday,
  tokenOf,
} from './core-team';
import { acceptCookies, LOCKS, logInOk } from './helpers';

/**
 * Issue 42's leave, in the browser: on her phone (360 px, Kiswahili) a nurse asks for three days of annual
 * leave around nothing but working days, seeing her balance before and after, and sends it from the
 * keyboard; the clinic approves it on a laptop, sees her away next week under her ward, and she sees it
 * approved. Then she was off sick three days: she asks for the sick leave at once and attaches the
 * medical certificate from her phone afterwards; the clinic opens it and approves. svc-core's day and the
 * browser's are both 25 March 2026 (09:00 in Nairobi).
 */
const NOW = '2026-03-25T06:00:00.000Z';

// svc-core's clock is every clinic's: no other journey runs while this one moves it.
test.describe.configure({ lock: LOCKS.alone });
test.afterAll(() => setToday(''));

test('a nurse asks for leave on her phone in Kiswahili, then sends a sick note after her sick leave; the clinic approves both', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  setToday(NOW);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Mbagathi Clinic ${tag}`, 'Clinic');
  const nurse = await register(page, `Neema Chebet ${tag}`, 'user');

  // She joins the team; the clinic puts her on the maternity ward.
  const clinicAuth = await tokenOf(page, clinic.email);
  const wardId = await addDepartment(page, clinicAuth, 'Maternity');
  await joinTeam(page, clinicAuth, nurse, wardId);

  // Her phone, 360 px wide, in Kiswahili.
  const { context: phone, page: mobile } = await phoneSignedIn(browser, nurse, { now: NOW });
  await mobile.goto('/hr/leave');
  const mine = mobile.getByRole('region', { name: 'Likizo yangu' });
  await expect(mine.getByRole('list', { name: 'Salio la likizo' })).toContainText('Likizo ya mwaka');
  const ask = mine.getByRole('region', { name: 'Omba likizo' });
  await ask.getByLabel('Aina ya likizo').selectOption({ label: 'Likizo ya mwaka' });
  await ask.getByLabel('Siku ya kwanza').fill('2026-03-30');
  await ask.getByLabel('Siku ya mwisho').fill('2026-04-01');
  // Three working days; by 1 April three months have accrued (5.25 days).
  await expect(ask).toContainText('Siku 3 za likizo. Salio: 5.25 kabla, 2.25 baada.');
  const send = ask.getByRole('button', { name: 'Tuma ombi' });
  await send.focus();
  await mobile.keyboard.press('Enter');
  await expect(ask).toContainText('Ombi limetumwa. Msimamizi wako ataamua.');
  await expect(mine.getByRole('region', { name: 'Maombi yangu' })).toContainText('Inasubiri');
  // Nothing is wider than her screen.
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The clinic, on a laptop, approves it and sees her away next week under her ward.
  await page.clock.setFixedTime(new Date(NOW));
  await logInOk(page, clinic.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr');
  await page.getByRole('link', { name: 'Leave', exact: true }).click();
  const waiting = page.getByRole('region', { name: 'Waiting for your decision' });
  await expect(waiting).toContainText(
    `${nurse.name} · Annual leave · 30 Mar 2026 to 1 Apr 2026 · 3 days · Pending`,
  );
  await waiting.getByRole('button', { name: `Approve ${nurse.name}'s leave` }).click();
  await expect(waiting).toContainText('No request is waiting.');
  const week = page
    .getByRole('region', { name: 'Who is away' })
    .getByRole('region', { name: 'The next seven days' });
  await expect(week.getByRole('heading', { name: 'Maternity' })).toBeVisible();
  await expect(week).toContainText(`${nurse.name} · Annual leave`);

  // Her phone: approved.
  await mobile.reload();
  await expect(mobile.getByRole('region', { name: 'Maombi yangu' })).toContainText('Imeidhinishwa');

  // Off sick Monday to Wednesday: three days need a medical certificate, which she sends afterwards.
  await ask.getByLabel('Aina ya likizo').selectOption({ label: 'Likizo ya ugonjwa' });
  await ask.getByLabel('Siku ya kwanza').fill('2026-03-23');
  await ask.getByLabel('Siku ya mwisho').fill('2026-03-25');
  await expect(ask).toContainText('Inahitajika: Medical certificate.');
  await expect(ask.getByLabel('Hati (inahitajika kwa likizo hii)')).toBeVisible();
  await send.click();
  await expect(ask).toContainText('Ombi limetumwa. Msimamizi wako ataamua.');
  const sick = mine
    .getByRole('region', { name: 'Maombi yangu' })
    .getByRole('listitem')
    .filter({ hasText: 'Likizo ya ugonjwa' });
  await expect(sick).toContainText('Hati haijaambatishwa');
  await sick.getByLabel(/^Ambatisha hati ya Likizo ya ugonjwa/).setInputFiles({
    name: 'cheti.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  });
  await expect(sick).toContainText('Hati: cheti.pdf');
  await expect(sick).not.toContainText('Hati haijaambatishwa');
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The clinic opens the certificate and approves the sick leave.
  await page.reload();
  const note = waiting.getByRole('listitem').filter({ hasText: 'Sick leave' });
  await expect(note).toContainText('Document: cheti.pdf');
  const download = page.waitForEvent('download');
  await note.getByRole('button', { name: /^Open the document of / }).click();
  expect((await download).suggestedFilename()).toBe('cheti.pdf');
  await note.getByRole('button', { name: `Approve ${nurse.name}'s leave` }).click();
  await expect(waiting).toContainText('No request is waiting.');
  await mobile.reload();
  await expect(
    mobile
      .getByRole('region', { name: 'Maombi yangu' })
      .getByRole('listitem')
      .filter({ hasText: 'Likizo ya ugonjwa' }),
  ).toContainText('Imeidhinishwa');
  await phone.close();
});
