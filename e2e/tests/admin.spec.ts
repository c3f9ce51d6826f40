import { expect, test } from '@playwright/test';
import {
  acceptCookies,
  expectAccessible,
  expectHeadingOutline,
  logIn,
  logOut,
  signUp,
  uniqueEmail,
} from './helpers';

// The admin account start-platform.ts creates from ADMIN_EMAIL / ADMIN_PASSWORD.
const ADMIN = { email: 'admin@e2e.example', password: 'e2e admin password' };

test('the admin panel is for admins: a visitor logs in on the way, a professional is turned away', async ({
  page,
}) => {
  // A visitor is sent to log in and comes back to the page asked for.
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fusers$/);
  await acceptCookies(page);
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'User management', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Welcome, /)).toBeVisible();
  const sections = page.getByRole('navigation', { name: 'Admin panel sections' });
  await expect(sections.getByRole('link')).toHaveText([
    'Dashboard',
    'Content management',
    'User management',
    'Blog and news',
    'Inbox',
    'Moderation',
    'Audit log',
    'Billing',
  ]);
  // svc-content is not deployed in this run or is: either its figures or the translated 503 show, never a crash.
  await sections.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(
    page
      .getByText('Total users', { exact: true })
      .or(page.getByText('Failed to fetch dashboard data').first()),
  ).toBeVisible();
  await expectHeadingOutline(page, 'admin dashboard');
  await expectAccessible(page, 'admin dashboard at 1280 px');

  // A professional is told the panel is not theirs, and none of it is shown.
  await logOut(page);
  const email = uniqueEmail('amina');
  await signUp(page, { name: 'Amina Wanjiru', email, password: 'a good long password', role: 'user' });
  await expect(page).toHaveURL(/\/userdashboard$/);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin panel', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'The admin panel is for AfyaHR administrators.' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin panel sections' })).toHaveCount(0);
  // The server refuses her anyway (an admin call that exists today: suspending an account).
  const session = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('afya.session') ?? '{}').state as {
        token: string;
        user: { id: string };
      },
  );
  const refused = await page.request.post(`/api/user/admin/accounts/${session.user.id}/suspend`, {
    headers: { authorization: `Bearer ${session.token}` },
    data: { reason: 'testing the guard' },
  });
  expect(refused.status()).toBe(403);
});

test('the panel at 360 px: the sections fold behind Menu, and no sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  await page
    .getByRole('navigation', { name: 'Admin panel sections' })
    .getByRole('link', { name: 'Content management' })
    .click();
  await expect(page.getByRole('heading', { name: 'Content management', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Admin panel sections' })).toBeHidden();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'admin content page at 360 px');
});

test('billing at 360 px by keyboard: a clinic found, its trial extended with a reason, no sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const name = `Kisumu Eye Clinic ${Date.now().toString(36)}`;
  const reg = await page.request.post('/api/user/register', {
    data: {
      name,
      email: uniqueEmail('admin-billing'),
      password: 'a good long clinic password',
      role: 'Clinic',
    },
  });
  expect(reg.status()).toBe(201);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Admin panel sections' })
    .getByRole('link', { name: 'Billing' })
    .click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByText('Monthly recurring revenue')).toBeVisible();

  // The clinic reaches billing through identity's event: searched again until it is there.
  const search = page.getByRole('searchbox', { name: 'Search clinics' });
  const open = page.getByRole('button', { name: `Open the billing of ${name}` });
  await expect(async () => {
    await search.fill(name);
    await search.press('Enter');
    await expect(open).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await open.focus();
  await page.keyboard.press('Enter');
  const history = page.getByRole('region', { name: `Billing of ${name}` });
  await expect(history.getByText('On trial')).toBeVisible();

  await history.getByRole('button', { name: 'Extend period' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Extend the period of ${name}` });
  await dialog.getByLabel(/Days to add/).fill('7');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Onboarding took longer');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Extend period' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`The period of ${name} now ends on`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'admin billing page at 360 px');
});
