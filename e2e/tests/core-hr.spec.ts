import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { acceptCookies, LOCKS, logInOk, uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 41's Core HR journey: a clinic sets up two locations, imports 20 staff by CSV (one bad row named in
 * the preview, fixed, then all imported), sees the dashboard's expiring list, verifies a nurse's NCK licence
 * after the register check; the nurse joins and HR publishes a policy to everyone. When svc-core's clock
 * reaches 30 days before her licence's expiry, on her phone (360 px, Kiswahili) the licence alert is in her
 * inbox, she sees her own record and licence, opens the policy from its notice and acknowledges it. HR then
 * publishes version 2 as a PDF: she is asked again, refused until she has opened the PDF, and acknowledges it;
 * HR sees 1 of 1 acknowledged and when.
 */
const PASSWORD = 'a good long password';
/** A policy's second version, as a PDF (the service checks the file's content, not its name). */
const POLICY_PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
/** svc-core's today for this run (start-platform.ts): written here, read by svc-core within 100 ms. */
const setToday = (day: string) => writeFileSync(process.env.E2E_CORE_CLOCK_FILE!, day);

async function register(page: Page, name: string, role: 'user' | 'Clinic', email = uniqueEmail('core')) {
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...(role === 'user' ? { designation: 'Nurse' } : {}) },
  });
  expect(res.status()).toBe(201);
  // Joining a team needs a verified address.
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

test('a clinic sets up Core HR, imports staff, verifies a licence, publishes a policy; the nurse is alerted and acknowledges it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  setToday('2026-06-01');
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Lakeside Clinic ${tag}`, 'Clinic');
  const nurse = await register(page, 'Wanjiku Achieng', 'user');
  const nurseLicence = `NCK/${tag}/1`;

  // Two locations and a department on /hr.
  await logInOk(page, clinic.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr');
  const setup = page.getByRole('region', { name: 'Locations and departments' });
  for (const name of ['Kisumu', 'Nairobi']) {
    await setup.getByLabel('New location (branch)').fill(name);
    await setup.getByRole('button', { name: 'Add location' }).click();
    await expect(setup).toContainText(`Location ${name} added.`);
  }
  await setup.getByLabel('New department (ward, unit)').fill('Maternity');
  await setup.getByRole('button', { name: 'Add department' }).click();
  await expect(setup).toContainText('Department Maternity added.');

  // 20 staff by CSV: row 8 names a location the clinic does not have.
  const rows = Array.from({ length: 19 }, (_, i) => {
    const n = i + 1;
    const expires = n <= 3 ? '2026-06-20' : '2027-03-31';
    const location = n === 6 ? 'Mombasa' : n % 2 ? 'Kisumu' : 'Nairobi';
    return `staff${n}.${tag}@e2e.example,Staff ${String(n).padStart(2, '0')} ${tag},Nurse,Maternity,${location},NCK,NCK/${tag}/${n + 100},${expires}`;
  });
  const header =
    'email,name,profession,department,location,licence council,licence number,licence expires on';
  const file = [
    header,
    `${nurse.email},Wanjiku Achieng,Nurse,Maternity,Kisumu,NCK,${nurseLicence},2026-12-31`,
    ...rows,
  ].join('\n');
  await page.getByRole('link', { name: 'Import staff from a CSV file' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import staff' })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'staff.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  await expect(page.getByLabel('The file’s contents')).toHaveValue(file);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('main')).toContainText('Row 8, location: no such location: add it first');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  await page.getByLabel('The file’s contents').fill(file.replace('Mombasa', 'Nairobi'));
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page.getByRole('main')).toContainText('20 rows are ready to import.');
  await page.getByRole('button', { name: 'Import 20 rows' }).click();
  await expect(page.getByRole('main')).toContainText('Imported: 20 added, 0 updated.');

  // The dashboard: three licences expire within 30 days; the figure opens that list. On its trial the clinic's
  // HR is alerted of every staff role's licences (Essential would choose 3).
  await page.goto('/hr');
  await expect(page.getByRole('region', { name: 'Licence alerts by staff role' })).toContainText(
    'Your plan alerts HR to the expiring licences of every staff role.',
  );
  const figures = page.getByRole('region', { name: 'Compliance at a glance' });
  await figures.getByRole('link', { name: 'Licences expiring within 30 days: 3, show the list' }).click();
  await expect(page).toHaveURL(/\/hr\?within=30#hr-expiring$/);
  const expiring = page.getByRole('region', { name: 'Licences expiring' });
  await expect(expiring.getByRole('listitem')).toHaveCount(3);
  await expect(expiring).toContainText(`Staff 01 ${tag} · NCK NCK/${tag}/101 · expires 20 Jun 2026`);

  // The nurse's record: her NCK licence verified after checking the council's register.
  const staff = page.getByRole('region', { name: /^Staff \(/ });
  await staff.getByLabel('Search by name').fill('Wanjiku');
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: 'Wanjiku Achieng' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wanjiku Achieng' })).toBeVisible();
  const licences = page.getByRole('region', { name: 'Licences and registrations' });
  await expect(licences.getByRole('link', { name: /^https:\/\// })).toBeVisible();
  await licences.getByRole('button', { name: `I checked the register: verify NCK ${nurseLicence}` }).click();
  await expect(licences).toContainText(`verified by ${clinic.name} on 1 Jun 2026`);

  // She joins the team (the invitation's own journey is connect.spec's): her record becomes hers.
  const clinicAuth = await tokenOf(page, clinic.email);
  const invited = await page.request.post('/api/user/org/invites', {
    headers: clinicAuth,
    data: { email: nurse.email },
  });
  expect(invited.ok()).toBe(true);
  let nurseAuth = await tokenOf(page, nurse.email);
  const mine = await page.request.get('/api/user/org/invites/mine', { headers: nurseAuth });
  const inviteId = ((await mine.json()) as { data: { id: string }[] }).data[0]!.id;
  expect(
    (await page.request.post(`/api/user/org/invites/${inviteId}/accept`, { headers: nurseAuth })).ok(),
  ).toBe(true);
  await expect(async () => {
    nurseAuth = await tokenOf(page, nurse.email);
    const record = await page.request.get('/api/core/staff/me', { headers: nurseAuth });
    expect(record.status()).toBe(200);
    expect(JSON.stringify(await record.json())).toContain(nurseLicence);
  }).toPass({ timeout: 30_000 });

  // HR publishes a policy for everyone on /hr/policies: she is the one member with an account, so 0 of 1.
  const policyTitle = `Hand hygiene ${tag}`;
  await page.goto('/hr/policies');
  const write = page.getByRole('region', { name: 'Write a policy' });
  await write.getByLabel('Title').fill(policyTitle);
  await write
    .getByLabel('Text of the policy')
    .fill('Wash your hands before and after every patient.\n\nUse the alcohol rub at every bed.');
  await expect(write.getByLabel('Everyone in the organisation')).toBeChecked();
  await write.getByRole('button', { name: 'Publish the policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: policyTitle })).toBeVisible();
  const policyUrl = page.url();
  expect(policyUrl).toMatch(/\/hr\/policies\/[^/]+$/);
  await expect(page.getByRole('main')).toContainText('Version 1');
  await expect(page.getByRole('main')).toContainText('0 of 1 acknowledged');
  await expect(
    page.getByRole('region', { name: 'Who has acknowledged it' }).getByRole('listitem'),
  ).toHaveText(['Wanjiku Achieng · not yet acknowledged']);

  // 1 December: 30 days before her licence ends.
  setToday('2026-12-01');

  // Her phone, 360 px wide, in Kiswahili: she signs in and finds her licence alert in her inbox.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addInitScript(() =>
    localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'sw' }, version: 0 })),
  );
  const hers = await phone.newPage();
  await hers.goto('/login');
  await acceptCookies(hers, 'Kubali');
  await hers.getByLabel('Barua pepe').fill(nurse.email);
  await hers.getByLabel('Nywila').fill(PASSWORD);
  await hers.getByRole('main').getByRole('button', { name: 'Ingia' }).click();
  await expect(hers).not.toHaveURL(/\/login/);
  const inbox = hers.getByRole('main');
  const alert = inbox.getByRole('link').filter({ hasText: 'Leseni yako ya NCK inaisha baada ya siku 30' });
  await expect(async () => {
    await hers.goto('/notifications');
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await alert.click();
  await expect(hers).toHaveURL(/\/hr\/me$/);

  // Her own record and licence.
  await expect(hers.getByRole('heading', { level: 1, name: 'Rekodi yangu' })).toBeVisible();
  const licence = hers.getByRole('region', { name: 'Leseni na usajili' });
  await expect(licence).toContainText(`NCK ${nurseLicence}`);
  await expect(licence).toContainText(`imethibitishwa na ${clinic.name}`);
  await expect(hers.getByRole('region', { name: 'Rekodi', exact: true })).toContainText(
    'anaruhusiwa kutoa huduma (leseni imethibitishwa)',
  );

  // The policy's notice opens it under "My policies" (Sera zangu), in view; she reads and acknowledges it.
  await hers.goto('/notifications');
  await inbox.getByRole('link', { name: `Sera ya kusoma na kukubali: "${policyTitle}"` }).click();
  await expect(hers).toHaveURL(/\/hr\/me#policy-[^/]+$/);
  const myPolicies = hers.getByRole('region', { name: 'Sera zangu' });
  const policy = myPolicies.getByRole('listitem').filter({ hasText: policyTitle });
  await expect(policy).toContainText('Toleo 1 · Isome na uikubali');
  await expect(policy).toBeInViewport();
  await expect(policy).toContainText('Wash your hands before and after every patient.');
  await policy.getByRole('button', { name: 'Nimesoma na ninakubali sera hii' }).click();
  await expect(policy).toContainText(/Toleo 1 · alikubali 1 Des 2026/);
  await expect(policy.getByRole('button', { name: 'Nimesoma na ninakubali sera hii' })).toHaveCount(0);
  expect(await hers.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // HR publishes version 2 as a PDF: everyone is asked again, and a PDF is acknowledged only once opened.
  await page.goto(policyUrl);
  await page
    .getByRole('region', { name: 'A new version' })
    .getByLabel('Publish a PDF as the new version')
    .setInputFiles({ name: 'hand-hygiene-v2.pdf', mimeType: 'application/pdf', buffer: POLICY_PDF });
  await expect(page.getByRole('main')).toContainText('This version is a PDF: hand-hygiene-v2.pdf');
  await expect(page.getByRole('main')).toContainText('Version 2');
  await expect(page.getByRole('main')).toContainText('0 of 1 acknowledged');

  // On her phone: version 2 waits for her; acknowledging before opening the PDF is refused, in Kiswahili.
  await hers.goto('/hr/me');
  await expect(policy).toContainText('Toleo 2 · Isome na uikubali');
  await policy.getByRole('button', { name: 'Soma' }).click();
  await expect(policy).toContainText('Toleo hili ni PDF: hand-hygiene-v2.pdf');
  await expect(policy).toContainText('Fungua PDF kabla ya kuikubali.');
  await policy.getByRole('button', { name: 'Nimesoma na ninakubali sera hii' }).click();
  await expect(policy.getByRole('alert')).toHaveText('Fungua sera (PDF yake) kabla ya kuikubali.');
  await expect(policy).toContainText('Toleo 2 · Isome na uikubali');
  // She opens it (a download on her phone), then acknowledges.
  const downloaded = hers.waitForEvent('download');
  await policy.getByRole('button', { name: `Fungua PDF ya ${policyTitle}` }).click();
  expect((await downloaded).suggestedFilename()).toBe('hand-hygiene-v2.pdf');
  await expect(policy).not.toContainText('Fungua PDF kabla ya kuikubali.');
  await policy.getByRole('button', { name: 'Nimesoma na ninakubali sera hii' }).click();
  await expect(policy).toContainText(/Toleo 2 · alikubali 1 Des 2026/);
  expect(await hers.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.close();

  // HR sees the completion: 1 of 1, and who acknowledged it when.
  await page.goto('/hr/policies');
  await expect(
    page.getByRole('region', { name: 'Policies (1)' }).getByRole('listitem').filter({ hasText: policyTitle }),
  ).toContainText('Version 2 · 1 of 1 acknowledged');
  await page.goto(policyUrl);
  await expect(page.getByRole('main')).toContainText('1 of 1 acknowledged');
  await page.getByLabel('Show').selectOption({ label: 'Acknowledged' });
  await expect(
    page.getByRole('region', { name: 'Who has acknowledged it' }).getByRole('listitem'),
  ).toHaveText(['Wanjiku Achieng · acknowledged 1 Dec 2026']);
});
