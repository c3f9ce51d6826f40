import { expect, test } from '@playwright/test';
import { acceptCookies } from './helpers';

test('the landing page reads in English, Kiswahili and French, and the choice is remembered', async ({
  page,
}) => {
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter HR for healthcare teams');
  const switcher = page.getByRole('banner').getByLabel('Language');
  await switcher.selectOption('sw');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Nyumbani' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  // The page's own texts (its remote's Kiswahili) may arrive a moment after the shell's.
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).not.toHaveText('Smarter HR for healthcare teams');
  const swTitle = await title.textContent();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(swTitle!);
  await page.getByRole('banner').getByLabel('Lugha').selectOption('fr');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Accueil' })).toBeVisible();
});

test('the landing page has all its sections and a working demo request form', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  for (const name of [
    'One ecosystem, four modules',
    'What clinics tell us',
    'How it works',
    'Simple monthly pricing',
    'Explore the features',
  ]) {
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Ksh 15,000')).toBeVisible();
  // How It Works: one step open at a time.
  await page.getByRole('button', { name: '1. Sign up your clinic' }).click();
  await page.getByRole('button', { name: '2. Add your team' }).click();
  await expect(page.getByRole('button', { name: '1. Sign up your clinic' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.getByRole('button', { name: '2. Add your team' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  // Feature tabs answer the arrow keys.
  await page.getByRole('tab', { name: /Clinic onboarding/ }).click();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('tab', { name: /Role-based management/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // The demo form really submits (to svc-content's inbox); a refused submit keeps what was typed.
  await page.getByRole('button', { name: 'Request a demo' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request a demo' });
  await dialog.getByRole('button', { name: 'Request demo' }).click();
  await expect(dialog.getByText('This field is required.').first()).toBeVisible();
  await dialog.getByLabel('Full name').fill('Amina Wanjiru');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await dialog.getByLabel('Organisation').fill('Nakuru Family Clinic');
  await dialog.getByLabel('E-mail').fill('amina@clinic.example');
  await dialog.getByLabel('Preferred date').fill('2099-01-15');
  await dialog.getByLabel('Preferred time').fill('10:30');
  await dialog.getByRole('button', { name: 'Request demo' }).click();
  await expect(dialog.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
});

test('a remote that cannot be reached leaves the rest of the site working', async ({ page }) => {
  await page.route('**/mf/mf-core/**', (route) => route.abort());
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { name: 'This module is temporarily unavailable' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Pricing' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { name: 'This module is temporarily unavailable' })).toBeVisible();
  // Back online: Try again loads it.
  await page.unroute('**/mf/mf-core/**');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smarter HR for healthcare teams');
});

test('the cookie choice is remembered', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
});

test('phone: the menu opens full screen and closes on navigation, nothing scrolls sideways @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await acceptCookies(page);
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  for (const path of ['/', '/pricing', '/login', '/signup', '/core']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} fits 360 px`).toBeLessThanOrEqual(360);
  }
});
