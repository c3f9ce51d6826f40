import { expect, test } from '@playwright/test';
import { acceptCookies, logIn, logOut, openAccountMenu, signUp, uniqueEmail } from './helpers';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const role of ['user', 'Clinic'] as const) {
  test(`a ${role} signs up, is signed in on the dashboard, logs out and back in`, async ({ page }) => {
    const email = uniqueEmail(role.toLowerCase());
    const password = 'a good long password';
    await signUp(page, {
      name: role === 'Clinic' ? 'Nakuru Family Clinic' : 'Amina Wanjiru',
      email,
      password,
      role,
    });
    // Signed in by the sign-up itself: each role lands on its dashboard, no password typed again.
    await expect(page).toHaveURL(role === 'Clinic' ? /\/clinicdashboard$/ : /\/userdashboard$/);
    const nav = page.getByRole('banner');
    await expect(nav.getByRole('button', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    // Join Now is for visitors only.
    await expect(page.getByRole('link', { name: 'Join now' })).toHaveCount(0);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('afya.session') ?? '{}').state?.token as string,
    );
    expect(token).toBeTruthy();

    await nav.getByRole('button', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(role === 'Clinic' ? /\/clinicdashboard$/ : /\/userdashboard$/);

    await logOut(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    // The server no longer accepts the old token, at the service and at the gateway.
    const me = await page.request.get('/api/user/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);

    // And logs in again with the password chosen at sign-up.
    await logIn(page, email, password);
    await expect(page).toHaveURL(role === 'Clinic' ? /\/clinicdashboard$/ : /\/userdashboard$/);
  });
}

test('a wrong password shows the server message; mismatched passwords send nothing', async ({ page }) => {
  await logIn(page, uniqueEmail('nobody'), 'not the password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');

  await page.goto('/signup');
  await acceptCookies(page);
  let registerCalls = 0;
  page.on('request', (r) => r.url().endsWith('/api/user/register') && registerCalls++);
  await page.getByLabel('Full name', { exact: true }).fill('Amina');
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill('first password');
  await page.getByLabel('Confirm password').fill('second password');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  // The mismatch shows at the confirmation, which gets focus.
  const confirm = page.getByLabel('Confirm password');
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAccessibleDescription('The passwords do not match.');
  expect(registerCalls).toBe(0);
});

test('signing up twice with one e-mail signs nobody in and changes nothing', async ({ page }) => {
  const email = uniqueEmail('twice');
  await signUp(page, { name: 'Once', email, password: 'a good long password', role: 'user' });
  await expect(page).toHaveURL(/\/userdashboard$/);
  await logOut(page);
  // A taken address: no session (the account is not the newcomer's); its owner is told by e-mail.
  await signUp(page, {
    name: 'Twice',
    email: email.toUpperCase(),
    password: 'another long password',
    role: 'user',
  });
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('main').getByText(/^This e-mail address may already have an account/),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  await logIn(page, email, 'another long password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await logIn(page, email, 'a good long password');
  await expect(page).toHaveURL(/\/userdashboard$/);
});

test('a professional edits their profile; visitors are sent to log in', async ({ page }) => {
  await page.goto('/profile');
  await acceptCookies(page);
  // Sent to log in, with the profile as the way back.
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);

  const email = uniqueEmail('profile');
  await signUp(page, { name: 'Baraka Otieno', email, password: 'a good long password', role: 'user' });
  await expect(page).toHaveURL(/\/userdashboard$/);
  await (await openAccountMenu(page)).getByRole('link', { name: 'My profile' }).click();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByLabel('Skills')).toHaveValue('Triage, Midwifery');
  await page.getByLabel('Facility').fill('Kisumu County Referral Hospital');
  await page.getByLabel('Country', { exact: true }).fill('Kenya');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile has been saved.')).toBeVisible();

  // A photo is uploaded, previewed, saved, and served from the platform itself.
  const html = {
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<!doctype html><p>not a photo'),
  };
  await page.getByLabel('Choose a photo').setInputFiles(html);
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByRole('alert')).toContainText('The photo must be a JPEG, PNG or WebP image.');
  await page
    .getByLabel('Choose a photo')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Preview of your new photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(page.getByText('Your photo has been saved.')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Your profile photo' });
  await expect(photo).toHaveAttribute('src', /^\/api\/user\/photo\/[0-9a-f-]{36}$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  await page.reload();
  await expect(page.getByLabel('Facility')).toHaveValue('Kisumu County Referral Hospital');
  await expect(page.getByLabel('Country', { exact: true })).toHaveValue('Kenya');
  await expect(page.getByRole('img', { name: 'Your profile photo' })).toBeVisible();
});
