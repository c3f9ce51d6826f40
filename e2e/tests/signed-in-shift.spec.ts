import { expect, test, type Page } from '@playwright/test';
import { logInOk, signUp, uniqueEmail } from './helpers';

/**
 * Issue 39 item 7: every signed-in page holds its layout while its widgets load (CLS ≤ 0.05, as the
 * browser counts it), on a phone and a laptop: a professional's dashboard and Connect, a clinic's
 * dashboard, the admin panel.
 *
 * Before (2026-11-29, at 360 px): /userdashboard 0.43 (Hire's and Events' widgets pushed below the screen
 * when Hire's widget grows as its data arrives), /clinicdashboard 0.24 (Hire's widget pushed down 161 px by
 * what loads above it), /admin 0.13 (a section pushed off the screen), /connect 0.045 (the tabs pushed down
 * 52 px by "My network" once the visitor's page learns who is signed in); the shifting elements were found
 * with the layout-shift entries' `sources`. Now the dashboards' widgets and an admin section appear whole
 * once loaded (`LoadingRegion` in @platform/ui) and a visitor's "Log in to connect" holds My network's place:
 * 0 on every page at both sizes, /connect 0.005 at 1280 px.
 */
const PASSWORD = 'a good long password';
const ADMIN = { email: 'admin@e2e.example', password: 'e2e admin password' };
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
];

/** Cumulative layout shift since the page's navigation began, once it has settled (shifts after input excluded). */
async function shiftOf(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) total += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

async function expectSteady(page: Page, paths: string[]) {
  const shifts: Record<string, number> = {};
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const path of paths) shifts[`${path} at ${size.width} px`] = await shiftOf(page, path);
  }
  test.info().annotations.push({ type: 'CLS', description: JSON.stringify(shifts) });
  for (const [where, cls] of Object.entries(shifts))
    expect(cls, `layout shift on ${where}`).toBeLessThanOrEqual(0.05);
}

test('a professional’s dashboard and Connect hold their layout while loading', async ({ page }) => {
  await signUp(page, { name: 'Achieng Otieno', email: uniqueEmail('cls'), password: PASSWORD, role: 'user' });
  await expectSteady(page, ['/userdashboard', '/connect']);
});

test('a clinic’s dashboard holds its layout while loading', async ({ page }) => {
  await signUp(page, {
    name: 'Shift Free Clinic',
    email: uniqueEmail('cls'),
    password: PASSWORD,
    role: 'Clinic',
  });
  await expectSteady(page, ['/clinicdashboard']);
});

test('the admin panel holds its layout while loading', async ({ page }) => {
  await logInOk(page, ADMIN.email, ADMIN.password);
  await expectSteady(page, ['/admin']);
});
