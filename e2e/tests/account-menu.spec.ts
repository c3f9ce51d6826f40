import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, logInOk, uniqueEmail } from './helpers';

/**
 * Issue 39, item 3: the signed-in navbar keeps one height in every language (its account actions are in one
 * account menu instead of a row of buttons that wraps), and the account menu works by keyboard on a phone.
 */
const PASSWORD = 'a good long password';
const TEXTS = {
  en: {
    language: 'Language',
    dashboard: 'Dashboard',
    account: 'Account',
    profile: 'My profile',
    logout: 'Log out',
  },
  sw: {
    language: 'Lugha',
    dashboard: 'Dashibodi',
    account: 'Akaunti',
    profile: 'Wasifu wangu',
    logout: 'Toka',
  },
  fr: {
    language: 'Langue',
    dashboard: 'Tableau de bord',
    account: 'Mon compte',
    profile: 'Mon profil',
    logout: 'Se déconnecter',
  },
} as const;
type Lang = keyof typeof TEXTS;

async function professional(page: Page) {
  const email = uniqueEmail('navbar');
  const res = await page.request.post('/api/user/register', {
    data: { name: 'Amina Wanjiru Achieng', email, password: PASSWORD, role: 'user' },
  });
  expect(res.ok()).toBe(true);
  return email;
}

/** Chooses a language with the navbar's switcher (in the phone's menu sheet below 1024 px). */
async function chooseLanguage(page: Page, from: Lang, to: Lang) {
  const select = page.getByRole('banner').getByLabel(TEXTS[from].language);
  await select.selectOption(to);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

const headerHeight = (page: Page) =>
  page
    .getByRole('banner')
    .boundingBox()
    .then((box) => Math.round(box?.height ?? 0));

test('the signed-in header keeps one height in English, Kiswahili and French at 1280, 768 and 360 px', async ({
  page,
}) => {
  const email = await professional(page);
  await logInOk(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/userdashboard$/);
  let from: Lang = 'en';
  for (const lang of ['sw', 'fr', 'en'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, from, lang);
    from = lang;
    for (const path of ['/userdashboard', '/profile', '/hire']) {
      await page.goto(path);
      const banner = page.getByRole('banner');
      // The signed-in bar is drawn (its Dashboard button), then measured at each width.
      await expect(banner.getByRole('button', { name: TEXTS[lang].dashboard })).toBeVisible();
      for (const width of [1280, 768, 360]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerHeight(page), `header at ${width} px in ${lang} on ${path}`).toBe(64);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      // Its account actions are behind one button, Log out no longer in the bar itself.
      await expect(banner.getByRole('button', { name: TEXTS[lang].account })).toBeVisible();
      await expect(banner.getByRole('button', { name: TEXTS[lang].logout })).toBeHidden();
    }
  }
});

test('at 360 px in Kiswahili the account menu opens, moves and closes by keyboard, and logs out', async ({
  page,
}) => {
  const email = await professional(page);
  await logInOk(page, email, PASSWORD);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await chooseLanguage(page, 'en', 'sw');
  await page.goto('/userdashboard');

  const banner = page.getByRole('banner');
  // The sheet's toggle (its name turns to "Funga menyu" once open).
  const toggle = banner.locator('button[aria-controls="main-menu"]');
  await expect(toggle).toHaveAccessibleName('Fungua menyu');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // Tab through the menu sheet to the account button.
  const account = banner.getByRole('button', { name: TEXTS.sw.account });
  await expect(account).toHaveCount(1);
  for (let i = 0; i < 20 && !(await account.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(account).toBeFocused();
  await expect(account).toHaveAttribute('aria-expanded', 'false');

  await page.keyboard.press('Enter');
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  const profile = banner.getByRole('link', { name: TEXTS.sw.profile });
  const logout = banner.getByRole('button', { name: TEXTS.sw.logout });
  await expect(profile).toBeVisible();
  await expect(logout).toBeVisible();
  // Within the phone's width, nothing cut off.
  for (const item of [account, profile, logout]) {
    const box = await item.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  }
  await expectAccessible(page, 'account menu open at 360 px in Kiswahili');

  // Arrow keys move through the items; Escape closes the account menu only, focus back on its button.
  await page.keyboard.press('ArrowDown');
  await expect(profile).toBeFocused();
  await page.keyboard.press('End');
  await expect(logout).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(logout).not.toBeFocused();
  await page.keyboard.press('Escape');
  await expect(account).toHaveAttribute('aria-expanded', 'false');
  await expect(account).toBeFocused();
  await expect(logout).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  // Open again, Log out by keyboard.
  await page.keyboard.press('ArrowDown');
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  await expect(profile).toBeFocused();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('banner').getByRole('button', { name: TEXTS.sw.account })).toHaveCount(0);
});
