import { expect, test } from '@playwright/test';
import {
  addDepartment,
  expectFitsPhone,
  joinTeam,
  PASSWORD,
  phoneSignedIn,
  register,
  setCoreDay as setToday,
  tokenOf,
} from './core-team';
import { acceptCookies, LOCKS, logInOk } from './helpers';

/**
 * Issue 42's rosters, in the browser: on her phone (360 px, Kiswahili) the clinic's owner makes a week's
 * roster for the maternity ward, puts a nurse not yet cleared to practise on a day shift from the keyboard,
 * sees the rule it breaks, keeps it with a reason shown beside it, and publishes; the nurse, on a laptop,
 * sees her shift; on the Monday, on her phone in Kiswahili, she clocks in for it. The browsers' day is 25
 * March 2026 (09:00 in Nairobi), then svc-core's and her phone's are that Monday at 07:05. Then a swap: a
 * nurse offers her night on her phone, a colleague of hers takes it, the clinic approves it on a laptop.
 */
const NOW = '2026-03-25T06:00:00.000Z';
/** Monday 30 March 2026, 07:05 in Nairobi: five minutes into her day shift. */
const CLOCK_IN = '2026-03-30T04:05:00.000Z';
// svc-core's clock is every clinic's: no other journey runs while this one moves it.
test.describe.configure({ lock: LOCKS.alone });
test.afterAll(() => setToday(''));

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
  const wardId = await addDepartment(page, clinicAuth, 'Maternity');
  await joinTeam(page, clinicAuth, nurse, wardId);
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
  const { context: phone, page: mobile } = await phoneSignedIn(browser, clinic, { now: NOW });
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
  const { context: herPhone, page: nursePhone } = await phoneSignedIn(browser, nurse, { now: CLOCK_IN });
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
  const wardId = await addDepartment(page, clinicAuth, 'Maternity');
  const her = await joinTeam(page, clinicAuth, neema, wardId);
  const colleague = await joinTeam(page, clinicAuth, zawadi, wardId);
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
  const { context: phone, page: mobile } = await phoneSignedIn(browser, neema, { now: NOW });
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

  // 360 px wide, the swaps and the team calendar fit the screen and read in full: Neema's swaps, the clinic's calendar.
  const { context: herPhone, page: hers360 } = await phoneSignedIn(browser, neema, {
    language: 'en',
    now: NOW,
  });
  await hers360.goto('/hr/swaps');
  await expect(hers360.getByRole('region', { name: 'My swaps' })).toContainText(
    `you offered it, ${zawadi.name} took it`,
  );
  await expectFitsPhone(hers360, ['Shifts colleagues offer', 'My swaps']);
  await herPhone.close();
  const { context: clinicPhone, page: small } = await phoneSignedIn(browser, clinic, {
    language: 'en',
    now: NOW,
  });
  await small.goto('/hr/calendar');
  await small.getByRole('button', { name: 'Next week' }).click();
  const tuesday = small.getByRole('region', { name: '31 Mar 2026' });
  await expect(tuesday).toContainText(`${zawadi.name} · Usiku 19:00–07:00`);
  await expectFitsPhone(small, [
    'Away today',
    'Away in the next 7 days',
    '30 Mar 2026 to 5 Apr 2026',
    '31 Mar 2026',
  ]);
  await clinicPhone.close();
});
