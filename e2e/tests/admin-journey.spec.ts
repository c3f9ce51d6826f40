import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { acceptCookies, LOCKS, logInOk, uniqueEmail } from './helpers';

// The admin account start-platform.ts creates from ADMIN_EMAIL / ADMIN_PASSWORD.
const ADMIN = { email: 'admin@e2e.example', password: 'e2e admin password' };
const PASSWORD = 'Lakeside clinic 2026!';
// The About block is the platform's one: no other journey writes it between this one's edit and its check.
test.describe.configure({ lock: LOCKS.homeBlocks });

test('the admin edits the About block, publishes a post from a draft, suspends a user and exports the accounts', async ({
  page,
  browser,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  // A professional with an open session, to be suspended.
  const nurseEmail = uniqueEmail('baraka');
  const registered = await api.post('/api/user/register', {
    data: { name: 'Baraka Otieno', email: nurseEmail, password: PASSWORD, role: 'user' },
  });
  expect(registered.status()).toBe(201);
  const nurseToken = (
    await (await api.post('/api/user/login', { data: { email: nurseEmail, password: PASSWORD } })).json()
  ).token as string;
  const asNurse = { authorization: `Bearer ${nurseToken}` };
  expect((await api.get('/api/user/me', { headers: asNurse })).status()).toBe(200);

  await logInOk(page, ADMIN.email, ADMIN.password);
  await acceptCookies(page);

  // Dashboard: the tiles and the charts.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Total users', { exact: true })).toBeVisible();
  await expect(page.getByText('Sign-ups per week').first()).toBeVisible();

  // Content: the About block, then seen on the landing page.
  const about = `Trusted by clinics from Kisumu to Kampala (${Date.now().toString(36)}).`;
  await page.goto('/admin/content');
  await page.getByRole('button', { name: 'Edit About us in English' }).click();
  // The rich-text editor (home-blocks.spec.ts goes through it on a phone in Kiswahili).
  await page.getByRole('textbox', { name: 'About us in English' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(about);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('About us (English) updated successfully!')).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto('/');
  await expect(visitor.getByText(about)).toBeVisible();

  // Blog: a draft the public does not see, published, then read at its address.
  const title = `Night shifts without burnout ${Date.now().toString(36)}`;
  await page.goto('/admin/blog');
  await page.getByRole('button', { name: 'New blog' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New blog' });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Rotas that leave two nights off after three.');
  await dialog.getByLabel('Status').selectOption('draft');
  await dialog.getByRole('button', { name: 'Create blog' }).click();
  await expect(page.getByText(`“${title}” created.`)).toBeVisible();
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Blog and news' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: title })).toHaveCount(0);
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit blog' });
  await edit.getByLabel('Status').selectOption('published');
  await edit.getByRole('button', { name: 'Update blog' }).click();
  await expect(page.getByText(`“${title}” updated.`)).toBeVisible();
  await visitor.goto('/blog');
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor).toHaveURL(/\/blog\/night-shifts-without-burnout-/);
  await expect(visitor.getByText('Rotas that leave two nights off after three.')).toBeVisible();

  // Users: suspend the professional; their open session is refused at once.
  await page.goto('/admin/users');
  await page.getByLabel('Search', { exact: true }).fill(nurseEmail);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: 'Suspend Baraka Otieno' }).click();
  const suspend = page.getByRole('dialog', { name: 'Suspend Baraka Otieno?' });
  await suspend.getByLabel('Reason').fill('Licence under review');
  await suspend.getByRole('button', { name: 'Suspend account' }).click();
  await expect(page.getByText('Baraka Otieno is suspended.')).toBeVisible();
  await expect.poll(async () => (await api.get('/api/user/me', { headers: asNurse })).status()).toBe(401);
  const login = await api.post('/api/user/login', { data: { email: nurseEmail, password: PASSWORD } });
  expect(login.status()).toBe(403);
  expect((await login.json()).message).toContain('Licence under review');

  // Export: users_clinics.csv with the accounts.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('users_clinics.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"Name","Email","Role"')).toBe(true);
  expect(csv).toContain(nurseEmail);

  // The audit log has what the admin did, and its chain is intact.
  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: /account\.suspend/ }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: /blog-post\.publish/ }).first()).toBeVisible();
  await api.dispose();
  await visitor.close();
});
