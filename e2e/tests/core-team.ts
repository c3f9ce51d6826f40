import { writeFileSync } from 'node:fs';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { acceptCookies, uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * The set-up the Core HR journeys share, through the API: a clinic and its people (accounts made and verified,
 * each joining the clinic's team by its invitation, placed in a department), and a phone signed in as one of
 * them. The calls carry bearer tokens, never the browser's session cookie (a call with it is the browser's
 * own, refused without its pages' origin), so `page` is free for the journey's own sign-in afterwards.
 */
export const PASSWORD = 'a good long password';
export type Account = { name: string; email: string };
export type Auth = { authorization: string };

/** svc-core's day (`E2E_CORE_CLOCK_FILE`); '' gives it back its own clock. Only for files holding `LOCKS.alone`. */
export const setCoreDay = (day: string) => writeFileSync(process.env.E2E_CORE_CLOCK_FILE!, day);

/** An account made and its address verified: a clinic, or a professional (a nurse unless `designation`). */
export async function register(
  page: Page,
  name: string,
  role: 'user' | 'Clinic',
  designation = 'Nurse',
): Promise<Account> {
  const email = uniqueEmail('core');
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...(role === 'user' ? { designation } : {}) },
  });
  expect(res.status()).toBe(201);
  await page.context().clearCookies(); // the sign-up's session: bearer tokens only
  await verifyAddress(page, email);
  return { name, email };
}

export async function tokenOf(page: Page, email: string): Promise<Auth> {
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  await page.context().clearCookies(); // bearer tokens only, as in register
  return { authorization: `Bearer ${(await login.json()).token as string}` };
}

/** A department of the clinic; its id. */
export async function addDepartment(page: Page, clinic: Auth, name: string): Promise<string> {
  const res = await page.request.post('/api/core/departments', { headers: clinic, data: { name } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/**
 * `who` joins the clinic's team (the clinic invites, they accept) and, once svc-core has their staff record,
 * is placed in `departmentId` when given: their new token (naming the organisation) and record's id.
 */
export async function joinTeam(
  page: Page,
  clinic: Auth,
  who: Account,
  departmentId?: string,
): Promise<{ auth: Auth; staffId: string }> {
  const invited = await page.request.post('/api/user/org/invites', {
    headers: clinic,
    data: { email: who.email },
  });
  expect(invited.ok()).toBe(true);
  let auth = await tokenOf(page, who.email);
  const invites = await page.request.get('/api/user/org/invites/mine', { headers: auth });
  const inviteId = ((await invites.json()) as { data: { id: string }[] }).data[0]!.id;
  expect((await page.request.post(`/api/user/org/invites/${inviteId}/accept`, { headers: auth })).ok()).toBe(
    true,
  );
  await page.context().clearCookies(); // joining answers with a new session, in its cookie too
  let staffId = '';
  await expect(async () => {
    auth = await tokenOf(page, who.email);
    const record = await page.request.get('/api/core/staff/me', { headers: auth });
    expect(record.status()).toBe(200);
    staffId = ((await record.json()) as { data: { id: string } }).data.id;
  }).toPass({ timeout: 30_000 });
  if (departmentId) {
    const placed = await page.request.patch(`/api/core/staff/${staffId}`, {
      headers: clinic,
      data: { departmentId },
    });
    expect(placed.ok()).toBe(true);
  }
  return { auth, staffId };
}

/** The sign-in page's words in each language a journey's phone uses. */
const SIGN_IN = {
  sw: { accept: 'Kubali', email: 'Barua pepe', password: 'Nywila', logIn: 'Ingia' },
  en: { accept: 'Accept', email: 'E-mail', password: 'Password', logIn: 'Log in' },
} as const;

/**
 * A phone (360 × 740, touch) signed in as `who`, in Kiswahili unless told, its clock fixed at `now` when
 * given: its context (close it when done) and page.
 */
export async function phoneSignedIn(
  browser: Browser,
  who: Account,
  { language = 'sw', now }: { language?: keyof typeof SIGN_IN; now?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  if (now) await page.clock.setFixedTime(new Date(now));
  await page.addInitScript(
    (lang) =>
      localStorage.setItem('afya.language', JSON.stringify({ state: { language: lang }, version: 0 })),
    language,
  );
  const T = SIGN_IN[language];
  await page.goto('/login');
  await acceptCookies(page, T.accept);
  await page.getByLabel(T.email).fill(who.email);
  await page.getByLabel(T.password).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: T.logIn }).click();
  await expect(page).not.toHaveURL(/\/login/);
  return { context, page };
}

/**
 * The page fits a 360 px phone: nothing wider than the screen (no sideways scrolling of the page; a wide
 * table scrolls in its own region), and the page's heading and `regions` are shown, inside the screen's
 * width, in text of at least 12 px.
 */
export async function expectFitsPhone(page: Page, regions: string[] = []) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const main = page.getByRole('main');
  const parts = [
    main.getByRole('heading', { level: 1 }),
    ...regions.map((name) => main.getByRole('region', { name, exact: true })),
  ];
  for (const part of parts) {
    await expect(part).toBeVisible();
    const box = (await part.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const size = await part.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(12);
  }
}
