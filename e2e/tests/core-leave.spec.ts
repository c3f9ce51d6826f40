import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, LOCKS, logInOk, uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 42's leave, in the browser: on her phone (360 px, Kiswahili) a nurse asks for three days of annual
 * leave around nothing but working days, seeing her balance before and after, and sends it from the
 * keyboard; the clinic approves it on a laptop, sees her away next week under her ward, and she sees it
 * approved. Then she was off sick three days: she asks for the sick leave at once and attaches the
 * medical certificate from her phone afterwards; the clinic opens it and approves. svc-core's day and the
 * browser's are both 25 March 2026 (09:00 in Nairobi).
 */
const PASSWORD = 'a good long password';
const NOW = '2026-03-25T06:00:00.000Z';
const setToday = (day: string) => writeFileSync(process.env.E2E_CORE_CLOCK_FILE!, day);

async function register(page: Page, name: string, role: 'user' | 'Clinic') {
  const email = uniqueEmail('leave');
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...(role === 'user' ? { designation: 'Nurse' } : {}) },
  });
  expect(res.status()).toBe(201);
  await verifyAddress(page, email);
  return { name, email };
}

async function tokenOf(page: Page, email: string) {
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { authorization: `Bearer ${(await login.json()).token as string}` };
}

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
  expect(
    (
      await page.request.post('/api/user/org/invites', { headers: clinicAuth, data: { email: nurse.email } })
    ).ok(),
  ).toBe(true);
  let nurseAuth = await tokenOf(page, nurse.email);
  const invites = await page.request.get('/api/user/org/invites/mine', { headers: nurseAuth });
  const inviteId = ((await invites.json()) as { data: { id: string }[] }).data[0]!.id;
  expect(
    (await page.request.post(`/api/user/org/invites/${inviteId}/accept`, { headers: nurseAuth })).ok(),
  ).toBe(true);
  let staffId = '';
  await expect(async () => {
    nurseAuth = await tokenOf(page, nurse.email);
    const record = await page.request.get('/api/core/staff/me', { headers: nurseAuth });
    expect(record.status()).toBe(200);
    staffId = ((await record.json()) as { data: { id: string } }).data.id;
  }).toPass({ timeout: 30_000 });
  const ward = await page.request.post('/api/core/departments', {
    headers: clinicAuth,
    data: { name: 'Maternity' },
  });
  const wardId = ((await ward.json()) as { data: { id: string } }).data.id;
  expect(
    (
      await page.request.patch(`/api/core/staff/${staffId}`, {
        headers: clinicAuth,
        data: { departmentId: wardId },
      })
    ).ok(),
  ).toBe(true);

  // Her phone, 360 px wide, in Kiswahili.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const mobile = await phone.newPage();
  await mobile.clock.setFixedTime(new Date(NOW));
  await mobile.addInitScript(() =>
    localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'sw' }, version: 0 })),
  );
  await mobile.goto('/login');
  await acceptCookies(mobile, 'Kubali');
  await mobile.getByLabel('Barua pepe').fill(nurse.email);
  await mobile.getByLabel('Nywila').fill(PASSWORD);
  await mobile.getByRole('main').getByRole('button', { name: 'Ingia' }).click();
  await expect(mobile).not.toHaveURL(/\/login/);
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
