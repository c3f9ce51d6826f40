import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, LOCKS, logInOk, uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 42's rosters, in the browser: on her phone (360 px, Kiswahili) the clinic's owner makes a week's
 * roster for the maternity ward, puts a nurse not yet cleared to practise on a day shift from the keyboard,
 * sees the rule it breaks, keeps it with a reason shown beside it, and publishes; the nurse, on a laptop,
 * sees her shift; on the Monday, on her phone in Kiswahili, she clocks in for it. The browsers' day is 25
 * March 2026 (09:00 in Nairobi), then svc-core's and her phone's are that Monday at 07:05. Then a swap: a
 * nurse offers her night on her phone, a colleague of hers takes it, the clinic approves it on a laptop.
 */
const PASSWORD = 'a good long password';
const NOW = '2026-03-25T06:00:00.000Z';
/** Monday 30 March 2026, 07:05 in Nairobi: five minutes into her day shift. */
const CLOCK_IN = '2026-03-30T04:05:00.000Z';
const setToday = (day: string) => writeFileSync(process.env.E2E_CORE_CLOCK_FILE!, day);
// svc-core's clock is every clinic's: no other journey runs while this one moves it.
test.describe.configure({ lock: LOCKS.alone });
test.afterAll(() => setToday(''));

async function register(page: Page, name: string, role: 'user' | 'Clinic') {
  const email = uniqueEmail('roster');
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...(role === 'user' ? { designation: 'Nurse' } : {}) },
  });
  expect(res.status()).toBe(201);
  // The sign-up's session cookie would make the set-up's calls the browser's own (refused without its
  // pages' origin): they carry bearer tokens instead.
  await page.context().clearCookies();
  await verifyAddress(page, email);
  return { name, email };
}

async function tokenOf(page: Page, email: string) {
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.context().clearCookies(); // bearer tokens only, as in register
  return { authorization: `Bearer ${(await login.json()).token as string}` };
}

test('the clinic makes a roster on its phone in Kiswahili, keeps a broken rule with a reason and publishes; the nurse sees her shift', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Mbagathi Clinic ${tag}`, 'Clinic');
  const nurse = await register(page, `Neema Chebet ${tag}`, 'user');

  // She joins the team; the clinic puts her on the maternity ward, whose day shift needs one nurse.
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
  await page.context().clearCookies(); // joining answers with a new session, in its cookie too
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
  expect(
    (
      await page.request.post('/api/core/shift-templates', {
        headers: clinicAuth,
        data: {
          departmentId: wardId,
          name: 'Mchana',
          startsAt: '07:00',
          endsAt: '19:00',
          minimumStaffing: [{ profession: 'Nurse', count: 1 }],
        },
      })
    ).status(),
  ).toBe(201);

  // The owner's phone, 360 px wide, in Kiswahili.
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
  await mobile.getByLabel('Barua pepe').fill(clinic.email);
  await mobile.getByLabel('Nywila').fill(PASSWORD);
  await mobile.getByRole('main').getByRole('button', { name: 'Ingia' }).click();
  await expect(mobile).not.toHaveURL(/\/login/);
  await mobile.goto('/hr');
  await mobile.getByRole('link', { name: 'Zamu na ratiba' }).click();
  await expect(mobile.getByRole('region', { name: 'Zamu', exact: true })).toContainText('Mchana 07:00–19:00');

  const rosters = mobile.getByRole('region', { name: 'Ratiba za idara' });
  await rosters.getByLabel('Siku ya kwanza').fill('2026-03-30');
  await rosters.getByLabel('Muda').selectOption({ label: 'Wiki 1' });
  await rosters.getByRole('button', { name: 'Unda ratiba' }).click();
  const open = mobile.getByRole('region', { name: /^Maternity: 30 Mac 2026 hadi 5 Apr 2026/ });
  await expect(open).toContainText('Rasimu');
  const gaps = open.getByRole('region', { name: 'Zamu zinazokosa watu' });
  await expect(gaps.getByRole('listitem')).toHaveCount(7);

  // By hand, from the keyboard: Neema on Monday's day shift; she is not cleared to practise.
  const assign = open.getByRole('form', { name: 'Panga kwa mkono' });
  await assign.getByLabel('Mtu').selectOption({ label: `${nurse.name} · Wauguzi` });
  await assign.getByLabel('Zamu', { exact: true }).selectOption({ label: 'Mchana 07:00–19:00' });
  await assign.getByLabel('Siku', { exact: true }).selectOption({ label: '30 Mac 2026' });
  await assign.getByRole('button', { name: 'Panga' }).focus();
  await mobile.keyboard.press('Enter');
  await expect(assign.getByRole('alert')).toContainText('hajaruhusiwa kutoa huduma kwenye zamu ya kliniki');
  await assign.getByLabel(/^Sababu ya kuubakiza/).fill('Risiti ya kuhuisha leseni imeonekana');
  await assign.getByRole('button', { name: 'Bakiza kwa sababu hii' }).focus();
  await mobile.keyboard.press('Enter');
  await expect(assign).toContainText('Imepangwa.');
  const monday = open.getByRole('region', { name: '30 Mac 2026' });
  await expect(monday).toContainText(
    `${nurse.name} ⚠ hajaruhusiwa kutoa huduma kwenye zamu ya kliniki · imebakizwa: Risiti ya kuhuisha leseni imeonekana`,
  );
  await expect(gaps.getByRole('listitem')).toHaveCount(6);

  // The suggestion finds nobody else cleared: the gaps stay. Then it is published.
  await open.getByRole('button', { name: 'Jaza kwa pendekezo' }).click();
  await expect(open).toContainText('Imejazwa pale kanuni zinaporuhusu.');
  await expect(gaps.getByRole('listitem')).toHaveCount(6);
  await open.getByRole('button', { name: 'Chapisha' }).click();
  await expect(open).toContainText('Imechapishwa: kila mtu ameambiwa zamu zake.');
  await expect(open.getByRole('form', { name: 'Panga kwa mkono' })).toHaveCount(0);
  // Nothing is wider than the screen.
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();

  // Neema, on a laptop: her shift.
  await page.clock.setFixedTime(new Date(NOW));
  await logInOk(page, nurse.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr/rosters');
  const herShift = page.getByRole('region', { name: 'My shifts' }).getByRole('listitem');
  await expect(herShift).toContainText('30 Mar 2026 · Mchana (07:00–19:00) · Maternity');
  await expect(herShift.getByRole('button', { name: 'Offer Mchana, 30 Mar 2026 for swap' })).toBeVisible();

  // Monday, 07:05: on her phone, 360 px wide, in Kiswahili, she clocks in for that shift.
  setToday(CLOCK_IN);
  const herPhone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const nursePhone = await herPhone.newPage();
  await nursePhone.clock.setFixedTime(new Date(CLOCK_IN));
  await nursePhone.addInitScript(() =>
    localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'sw' }, version: 0 })),
  );
  await nursePhone.goto('/login');
  await acceptCookies(nursePhone, 'Kubali');
  await nursePhone.getByLabel('Barua pepe').fill(nurse.email);
  await nursePhone.getByLabel('Nywila').fill(PASSWORD);
  await nursePhone.getByRole('main').getByRole('button', { name: 'Ingia' }).click();
  await expect(nursePhone).not.toHaveURL(/\/login/);
  await nursePhone.goto('/hr');
  await nursePhone.getByRole('link', { name: 'Kuingia na kutoka kazini' }).click();
  const clock = nursePhone.getByRole('region', { name: 'Hujaingia kazini' });
  await expect(clock).toContainText('Mchana · Maternity');
  await expect(clock).toContainText('saa 1:00 asubuhi hadi saa 1:00 usiku');
  await clock.getByRole('button', { name: 'Ingia kazini' }).click();
  await expect(nursePhone.getByText(/^Umeingia kazini saa 1:0\d asubuhi\.$/)).toBeVisible();
  const clockedIn = nursePhone.getByRole('region', { name: /^Umeingia kazini tangu saa 1:0\d asubuhi$/ });
  await expect(clockedIn.getByRole('button', { name: 'Toka kazini' })).toBeVisible();
  await expect(clockedIn).not.toContainText('Umechelewa');
  await expect(
    nursePhone.getByRole('region', { name: 'Saa 24 zilizopita' }).getByRole('listitem'),
  ).toContainText('bado hujatoka · Mchana');
  expect(await nursePhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await herPhone.close();
});

test('a nurse offers her shift for swap on her phone in Kiswahili; a colleague takes it; the clinic approves on a laptop', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  setToday(NOW);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Kibera Clinic ${tag}`, 'Clinic');
  const neema = await register(page, `Neema Wafula ${tag}`, 'user');
  const zawadi = await register(page, `Zawadi Akinyi ${tag}`, 'user');
  const clinicAuth = await tokenOf(page, clinic.email);

  // Both nurses join the team and the maternity ward, whose night shift is not clinical.
  const ward = await page.request.post('/api/core/departments', {
    headers: clinicAuth,
    data: { name: 'Maternity' },
  });
  const wardId = ((await ward.json()) as { data: { id: string } }).data.id;
  async function join(who: { email: string }) {
    expect(
      (
        await page.request.post('/api/user/org/invites', { headers: clinicAuth, data: { email: who.email } })
      ).ok(),
    ).toBe(true);
    let auth = await tokenOf(page, who.email);
    const invites = await page.request.get('/api/user/org/invites/mine', { headers: auth });
    const inviteId = ((await invites.json()) as { data: { id: string }[] }).data[0]!.id;
    expect(
      (await page.request.post(`/api/user/org/invites/${inviteId}/accept`, { headers: auth })).ok(),
    ).toBe(true);
    await page.context().clearCookies();
    let staffId = '';
    await expect(async () => {
      auth = await tokenOf(page, who.email);
      const record = await page.request.get('/api/core/staff/me', { headers: auth });
      expect(record.status()).toBe(200);
      staffId = ((await record.json()) as { data: { id: string } }).data.id;
    }).toPass({ timeout: 30_000 });
    expect(
      (
        await page.request.patch(`/api/core/staff/${staffId}`, {
          headers: clinicAuth,
          data: { departmentId: wardId },
        })
      ).ok(),
    ).toBe(true);
    return { auth, staffId };
  }
  const her = await join(neema);
  const colleague = await join(zawadi);
  const night = await page.request.post('/api/core/shift-templates', {
    headers: clinicAuth,
    data: { departmentId: wardId, name: 'Usiku', startsAt: '19:00', endsAt: '07:00', clinical: false },
  });
  const templateId = ((await night.json()) as { data: { id: string } }).data.id;
  const roster = await page.request.post('/api/core/rosters', {
    headers: clinicAuth,
    data: { departmentId: wardId, startsOn: '2026-03-30', weeks: 1 },
  });
  const rosterId = ((await roster.json()) as { data: { id: string } }).data.id;
  expect(
    (
      await page.request.post(`/api/core/rosters/${rosterId}/assignments`, {
        headers: clinicAuth,
        data: { staffId: her.staffId, templateId, day: '2026-03-31' },
      })
    ).status(),
  ).toBe(201);
  expect(
    (await page.request.post(`/api/core/rosters/${rosterId}/publish`, { headers: clinicAuth })).ok(),
  ).toBe(true);

  // Neema, on her phone, 360 px wide, in Kiswahili: she offers Tuesday's night.
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
  await mobile.getByLabel('Barua pepe').fill(neema.email);
  await mobile.getByLabel('Nywila').fill(PASSWORD);
  await mobile.getByRole('main').getByRole('button', { name: 'Ingia' }).click();
  await expect(mobile).not.toHaveURL(/\/login/);
  await mobile.goto('/hr/rosters');
  const mine = mobile.getByRole('region', { name: 'Zamu zangu' });
  await mine.getByRole('button', { name: 'Toa Usiku, 31 Mac 2026 ibadilishwe' }).click();
  await expect(mine).toContainText('Imetolewa: wenzako wa taaluma yako wanaweza kuichukua.');
  await expect(mine.getByRole('listitem')).toContainText('imetolewa, inangoja mwenzako');
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Zawadi, a nurse too, takes it.
  const open = await page.request.get('/api/core/swap-offers?view=open', { headers: colleague.auth });
  const offer = ((await open.json()) as { data: { id: string; day: string }[] }).data.find(
    (s) => s.day === '2026-03-31',
  )!;
  expect(
    (
      await page.request.post(`/api/core/swap-offers/${offer.id}/take`, { headers: colleague.auth, data: {} })
    ).ok(),
  ).toBe(true);
  await mobile.reload();
  await expect(mobile.getByRole('region', { name: 'Zamu zangu' }).getByRole('listitem')).toContainText(
    `${zawadi.name} anaichukua, inangoja msimamizi`,
  );
  await phone.close();

  // The clinic, on a laptop, approves it: the night is Zawadi's.
  await page.clock.setFixedTime(new Date(NOW));
  await logInOk(page, clinic.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr/swaps');
  const decide = page.getByRole('region', { name: 'Swaps to decide' });
  await expect(decide.getByRole('listitem')).toContainText(`${neema.name} → ${zawadi.name}`);
  await decide.getByRole('button', { name: `Approve giving Usiku, 31 Mar 2026 to ${zawadi.name}` }).click();
  await expect(decide).toContainText(`Approved: Usiku, 31 Mar 2026 is now ${zawadi.name}'s.`);
  await expect(decide).toContainText('No swap is waiting for you.');
  const hers = await page.request.get('/api/core/shifts/mine?from=2026-03-30', { headers: colleague.auth });
  expect(((await hers.json()) as { data: { day: string }[] }).data.map((s) => s.day)).toEqual(['2026-03-31']);
});
