import { expect, test, type Page } from '@playwright/test';
import { logInOk, uniqueEmail } from './helpers';

/**
 * Issue 39 (the spec's theme and dashboards): every page's title is in the spec's handwriting-style heading
 * font, the signed-in dashboards' as the public pages' (one rule of the theme), sub-headings in Inter; and the
 * dashboards' footer shows the company's website beside its e-mail and phones. At 360 px in Kiswahili.
 */
const PASSWORD = 'a good long password';

const fontOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => getComputedStyle(el).fontFamily);

test('a clinic’s dashboard title is in the public pages’ heading font, and its footer shows the website', async ({
  page,
}) => {
  const email = uniqueEmail('look');
  const res = await page.request.post('/api/user/register', {
    data: { name: 'Kliniki ya Mwangaza', email, password: PASSWORD, role: 'Clinic' },
  });
  expect(res.ok()).toBe(true);
  await logInOk(page, email, PASSWORD);
  // Kiswahili, chosen with the navbar's switcher (in the bar at 1280 px), then a phone.
  await page.getByRole('banner').getByLabel('Language').selectOption('sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const publicTitle = await fontOf(page, 'main h1');
  expect(publicTitle).toMatch(/^"?Caveat"?,/);

  await page.goto('/clinicdashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashibodi ya kliniki' })).toBeVisible();
  expect(await fontOf(page, 'main h1')).toBe(publicTitle);
  // Sub-headings stay in the text font.
  await expect(page.locator('main h2').first()).toBeVisible();
  expect(await fontOf(page, 'main h2')).toMatch(/^"?Inter"?,/);

  const footer = page.getByRole('contentinfo');
  const website = footer.getByRole('link', { name: 'www.afyahr.example' });
  await expect(website).toHaveAttribute('href', 'https://www.afyahr.example');
  await website.scrollIntoViewIfNeeded();
  await expect(website).toBeInViewport();
  await expect(footer.getByRole('heading', { name: 'Tufikie' })).toBeVisible();
});
