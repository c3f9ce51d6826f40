import { expect, test, type Page } from '@playwright/test';
// The platform's Kiswahili texts for server codes, as the pages show them.
import swahili from '../../packages/ui/src/locales/sw.json';
import coreSwahili from '../../mf-core/src/locales/sw.json';
import { acceptCookies, logInOk, signUp, uniqueEmail } from './helpers';

const password = 'a good long password';

async function register(page: Page, role: 'user' | 'Clinic', name: string) {
  const email = uniqueEmail(role.toLowerCase());
  const res = await page.request.post('/api/user/register', { data: { name, email, password, role } });
  expect(res.status()).toBe(201);
  return email;
}

/** A clinic's job, posted through the API (posting has its own journey in hire.spec). */
async function postJob(page: Page, title: string) {
  const email = await register(page, 'Clinic', `Kisumu Lakeside Hospital ${title}`);
  const login = await page.request.post('/api/user/login', { data: { email, password } });
  const res = await page.request.post('/api/job/add', {
    headers: { authorization: `Bearer ${(await login.json()).token}` },
    data: {
      title,
      organization: 'Kisumu Lakeside Hospital',
      location: 'Kisumu, Kenya',
      department: 'Theatre',
      type: 'Full-time',
      description: 'Scrub and circulate in a busy theatre.',
    },
  });
  expect(res.status()).toBe(201);
}

test('a visitor taps Apply, creates an account on the way and comes back to the open, prefilled form', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Theatre Nurse ${Date.now().toString(36)}`;
  await postJob(page, title);

  await page.goto('/hire');
  await acceptCookies(page);
  await page.getByRole('search').getByLabel('Job title').fill(title);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Apply for ${title}` }).click();
  await expect(page).toHaveURL(/\/login\?next=/);

  await page.getByRole('main').getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/signup\?next=/);
  const email = uniqueEmail('visitor');
  await page.getByLabel('Full name', { exact: true }).fill('Wanjiku Kamau');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Phone').fill('+254 711 222 333');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();

  // Signed in by the sign-up and straight back at the job's form: no login page, no password typed twice.
  await expect(page).toHaveURL(/\/hire\?.*apply=/);
  const dialog = page.getByRole('dialog', { name: `Apply for ${title}` });
  await expect(dialog.getByLabel('Full name')).toHaveValue('Wanjiku Kamau');
  await expect(dialog.getByLabel('E-mail')).toHaveValue(email);
  await expect(dialog.getByLabel('Phone number')).toHaveValue('+254 711 222 333');

  // Escape with a typed cover letter asks first; keeping it keeps the letter.
  await dialog.getByLabel('Cover letter').fill('Six years in theatre.');
  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard your changes?' });
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(dialog.getByLabel('Cover letter')).toHaveValue('Six years in theatre.');
});

test('a failed sign-up on a 360 px phone puts focus on the first bad field, its message in view', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/signup');
  await acceptCookies(page);
  await page.getByLabel('Full name', { exact: true }).fill('Amina Wanjiru');
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('phone'));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('another password');
  await page.getByLabel('Skills').fill('Triage');
  const submit = page.getByRole('button', { name: 'Sign up', exact: true });
  await submit.scrollIntoViewIfNeeded();
  await submit.click();

  const confirm = page.getByLabel('Confirm password');
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The passwords do not match.')).toBeInViewport();
  await expect(page.getByRole('main').getByRole('status').last()).toHaveText('1 field needs attention.');
});

test('in Kiswahili, a wrong password is told in Kiswahili, and a taken e-mail signs nobody in', async ({
  page,
}) => {
  const email = await register(page, 'user', 'Amina Wanjiru');
  await page.goto('/login');
  await page.evaluate(() =>
    localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'sw' }, version: 0 })),
  );
  await page.reload();
  // The page prerendered in English is rendered again in the stored language: its banner is the Kiswahili one.
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await acceptCookies(page, 'Kubali');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill('not the password');
  await page.getByRole('main').locator('button[type=submit]').click();
  await expect(page.getByRole('alert')).toHaveText(swahili.serverErrors.auth.invalid_credentials);

  await page.goto('/signup');
  await page.locator('input[name=name]').fill('Amina Wanjiru');
  await page.locator('input[name=email]').fill(email);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=confirmPassword]').fill(password);
  await page.getByRole('main').locator('button[type=submit]').click();
  // No session for a taken address: to login, told in Kiswahili that its owner has been e-mailed.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('main').getByText(coreSwahili.signup.checkEmail)).toBeVisible();
});

for (const width of [1280, 360]) {
  test(`a language switch on /profile keeps the edits not yet saved (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const email = uniqueEmail('switch');
    await signUp(page, { name: 'Baraka Otieno', email, password, role: 'user' });
    await expect(page).toHaveURL(/\/userdashboard$/);
    await page.goto('/profile');
    // A saved town, then edits not saved yet.
    await page.getByLabel('Town or city').fill('Nakuru');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('saved');
    await page.getByLabel('Town or city').fill('Kisumu');
    await page.getByLabel('Skills').fill('Triage, Paediatrics');

    const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    if (await menu.isVisible()) await menu.click();
    await page.getByRole('banner').getByLabel('Language').selectOption('sw');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wasifu wangu');
    await expect(page.getByLabel('Mji', { exact: true })).toHaveValue('Kisumu');
    await expect(page.getByLabel('Ujuzi')).toHaveValue('Triage, Paediatrics');
  });
}

test('a clinic logs in and lands on its dashboard', async ({ page }) => {
  const email = await register(page, 'Clinic', 'Nakuru Family Clinic');
  await logInOk(page, email, password);
  await expect(page).toHaveURL(/\/clinicdashboard$/);
  await expect(page.getByRole('heading', { name: 'Clinic dashboard', level: 1 })).toBeVisible();
});
