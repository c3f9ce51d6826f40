import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.example`;

/**
 * Playwright's test locks, declared for a file with `test.describe.configure({ lock })`. The journeys run on
 * two workers against one platform; a journey that changes what every other one sees declares a lock, and
 * Playwright never runs two tests holding the same lock at once. A file's tests run in turn on one worker,
 * as one piece of work, which holds its tests' locks from its first test to its last.
 * - `alone`: Playwright's own `-exclusive-` lock: the file starts only when no other test runs, and none
 *   starts beside it (so, in practice, once the others are done). For journeys that move a clock every
 *   account shares: svc-core's (`E2E_CORE_CLOCK_FILE`) or svc-billing's (`billing-clock.ts`).
 * - `homeBlocks`: the landing page's blocks, one set for the whole platform, which a journey edits as the
 *   admin and then reads back on `/`.
 */
export const LOCKS = { alone: '-exclusive-', homeBlocks: 'home-blocks' } as const;

/** Dismisses the cookie banner so it covers nothing. */
export async function acceptCookies(page: Page, label = 'Accept') {
  const accept = page.getByRole('button', { name: label });
  if (await accept.isVisible().catch(() => false)) await accept.click();
}

/**
 * Signs up on /signup as a professional (with skills) or a clinic (asked none). A new account is signed in by
 * the sign-up and lands on its dashboard; an address that already had an account is sent to /login. The
 * caller checks which.
 */
export async function signUp(
  page: Page,
  p: { name: string; email: string; password: string; role: 'user' | 'Clinic' },
) {
  await page.goto('/signup');
  await acceptCookies(page);
  const clinic = p.role === 'Clinic';
  await page
    .getByRole('radio', { name: clinic ? /^A clinic or organisation/ : /^A health professional/ })
    .check();
  await page.getByLabel(clinic ? 'Clinic or organisation name' : 'Full name', { exact: true }).fill(p.name);
  await page.getByLabel('E-mail', { exact: true }).fill(p.email);
  await page.getByLabel('Password', { exact: true }).fill(p.password);
  await page.getByLabel('Confirm password').fill(p.password);
  if (!clinic) await page.getByLabel('Skills').fill('Triage, Midwifery');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page).not.toHaveURL(/\/signup/);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await acceptCookies(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
}

/** Logs in and waits until the app has the session (it leaves /login). */
export async function logInOk(page: Page, email: string, password: string) {
  await logIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The navbar's texts that lead to the account's actions, in the page's language. */
export interface AccountTexts {
  openMenu: string;
  account: string;
  logOut: string;
}
const ENGLISH_ACCOUNT: AccountTexts = { openMenu: 'Open menu', account: 'Account', logOut: 'Log out' };

/** Opens the navbar's account menu (the phone's menu sheet first when the bar is collapsed); returns the bar. */
export async function openAccountMenu(page: Page, T: AccountTexts = ENGLISH_ACCOUNT) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: T.openMenu });
  if (await menu.isVisible()) await menu.click();
  const account = banner.getByRole('button', { name: T.account });
  if ((await account.getAttribute('aria-expanded')) !== 'true') await account.click();
  return banner;
}

/** Logs out from the navbar's account menu. */
export async function logOut(page: Page, T: AccountTexts = ENGLISH_ACCOUNT) {
  const banner = await openAccountMenu(page, T);
  await banner.getByRole('button', { name: T.logOut }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * Runs axe-core on the page as it is now and fails on any violation of serious or critical impact, listing
 * each rule with the elements it found. Call it after each state worth checking (a dialog open, errors
 * shown, a menu open): `await expectAccessible(page, 'apply dialog at 360 px')`.
 */
export async function expectAccessible(page: Page, label: string) {
  // The page as it settles: mid-transition (the navbar's background turning dark as the page scrolls, its
  // text already white) colours are neither state's. Endless animations (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const { violations } = await new AxeBuilder({ page })
    // Off by default (experimental), and what a speech-input user meets: the name must start with the text.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const found = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `serious or critical accessibility violations on ${label}`).toEqual([]);
}

/**
 * The page's heading outline as a screen reader lists it: exactly one h1 and no level skipped on the way
 * down (h2 → h4). Headings hidden from everyone are left out; visually hidden ones count.
 */
export async function expectHeadingOutline(page: Page, label: string) {
  const levels = await page
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((hs) =>
      hs.filter((h) => !h.closest('[hidden], [aria-hidden="true"]')).map((h) => Number(h.tagName[1])),
    );
  const skips = levels.flatMap((level, i) =>
    i > 0 && level > levels[i - 1]! + 1 ? [`h${levels[i - 1]} → h${level}`] : [],
  );
  expect({ h1: levels.filter((l) => l === 1).length, skips }, `heading outline of ${label}`).toEqual({
    h1: 1,
    skips: [],
  });
}

/**
 * The clinic accepts an applicant on an open job card: Accept asks in a dialog (with an optional message to
 * the applicant), and the toast confirms.
 */
export async function acceptApplicant(page: Page, card: Locator, name: string, message?: string) {
  await card.getByRole('button', { name: `Accept the application from ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Accept ${name}'s application?` });
  if (message) await dialog.getByLabel('Message to the applicant (optional)').fill(message);
  await dialog.getByRole('button', { name: 'Accept application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Application from ${name}: accepted.`,
  );
}

/**
 * A network of its own for a journey (a documentation address, RFC 5737), named in X-Forwarded-For as a
 * load balancer would: per-network limits (the contact inbox's) count this journey's sends alone. The
 * e2e gateway believes the header from 127.0.0.1 only (start-platform.ts).
 */
export const fromNetwork = () => ({
  'x-forwarded-for': `203.0.113.${1 + Math.floor(Math.random() * 254)}`,
});
