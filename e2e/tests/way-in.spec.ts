import { expect, test, type Page } from '@playwright/test';
// The pages' own texts, as each language shows them.
import coreSwahili from '../../mf-core/src/locales/sw.json';
import coreFrench from '../../mf-core/src/locales/fr.json';
import shellSwahili from '../../shell/src/locales/sw.json';
import shellFrench from '../../shell/src/locales/fr.json';
import { uniqueEmail } from './helpers';

/**
 * Issue 39, item 2: a professional and a clinic each have their own way in from the landing page, are asked
 * only what applies to them, and are signed in by the sign-up itself. A professional never meets a price.
 */
const PASSWORD = 'a good long password';

/** A phone, in the given language from the first page on, the cookie banner answered. */
async function phoneIn(page: Page, lang: 'sw' | 'fr', accept: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.evaluate(
    (language) => localStorage.setItem('afya.language', JSON.stringify({ state: { language }, version: 0 })),
    lang,
  );
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await page.getByRole('button', { name: accept }).click();
}

/** Every address the page was at, and whether any text with a price was shown on the way. */
function visited(page: Page) {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(new URL(frame.url()).pathname);
  });
  return urls;
}

/** Nothing of it cut off at the phone's width. */
async function expectWithinPhone(page: Page, label: string) {
  for (const el of await page.getByRole('main').locator('fieldset, label, input, button').all()) {
    if (!(await el.isVisible())) continue;
    const box = (await el.boundingBox())!;
    expect(
      box.x >= 0 && box.x + box.width <= 360,
      `${label}: ${await el.evaluate((e) => e.outerHTML.slice(0, 80))}`,
    ).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('a nurse at 360 px in Kiswahili: landing → sign-up → signed in on her dashboard, no price on the way', async ({
  page,
}) => {
  const T = coreSwahili.signup;
  await phoneIn(page, 'sw', shellSwahili.cookies.accept);
  const urls = visited(page);
  await page.getByRole('link', { name: coreSwahili.hero.joinProfessional }).click();
  await expect(page).toHaveURL(/\/signup\?role=user$/);

  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: new RegExp(`^${T.roles.user}`) })).toBeChecked();
  await expectWithinPhone(page, 'the sign-up form');
  await expect(main).not.toContainText(/Ksh|KES/);
  await main.getByLabel(T.nameUser, { exact: true }).fill('Akinyi Odhiambo');
  await main.getByLabel(T.email, { exact: true }).fill(uniqueEmail('nurse'));
  await main.getByLabel(T.password, { exact: true }).fill(PASSWORD);
  await main.getByLabel(T.confirmPassword, { exact: true }).fill(PASSWORD);
  await main.getByLabel(T.designation, { exact: true }).fill('Muuguzi');
  await main.getByLabel(T.skills, { exact: true }).fill('Triage, Ukunga');
  await main.getByRole('button', { name: T.submit, exact: true }).click();

  // Signed in by the sign-up: her dashboard, her account menu, no login page and no second password.
  await expect(page).toHaveURL(/\/userdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shellSwahili.userDashboard.title);
  await expect(
    page.getByRole('banner').getByRole('button', { name: shellSwahili.nav.openMenu }),
  ).toBeVisible();
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('afya.session') ?? '{}').state);
  expect(session?.user).toMatchObject({ name: 'Akinyi Odhiambo', role: 'user' });
  await expect(main).not.toContainText(/Ksh|KES/);
  expect(urls.filter((u) => u === '/login' || u === '/pricing' || u.startsWith('/billing'))).toEqual([]);
});

test('a clinic at 360 px in French: its own way in, asked no designation or skills, signed in on its dashboard', async ({
  page,
}) => {
  const T = coreFrench.signup;
  await phoneIn(page, 'fr', shellFrench.cookies.accept);
  const urls = visited(page);
  await page.getByRole('link', { name: coreFrench.hero.joinClinic }).click();
  await expect(page).toHaveURL(/\/signup\?role=Clinic$/);

  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: new RegExp(`^${T.roles.Clinic}`) })).toBeChecked();
  await expect(main.getByLabel(T.designation)).toHaveCount(0);
  await expect(main.getByLabel(T.skills)).toHaveCount(0);
  await expectWithinPhone(page, 'the sign-up form');
  await main.getByLabel(T.nameClinic, { exact: true }).fill('Clinique du Lac, Kisumu');
  await main.getByLabel(T.email, { exact: true }).fill(uniqueEmail('clinic'));
  await main.getByLabel(T.password, { exact: true }).fill(PASSWORD);
  await main.getByLabel(T.confirmPassword, { exact: true }).fill(PASSWORD);
  await main.getByLabel(T.phone, { exact: true }).fill('+254 711 222 333');
  await main.getByRole('button', { name: T.submit, exact: true }).click();

  await expect(page).toHaveURL(/\/clinicdashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(shellFrench.clinicDashboard.title);
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('afya.session') ?? '{}').state);
  expect(session?.user).toMatchObject({ name: 'Clinique du Lac, Kisumu', role: 'Clinic' });
  expect(urls).not.toContain('/login');
});
