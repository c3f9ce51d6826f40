import { expect, test, type Browser, type Page } from '@playwright/test';
import { acceptCookies, logInOk, uniqueEmail } from './helpers';

/**
 * The moderation round trip: three brand-new members report a Connect discussion, which reaches the
 * moderators but stays up (new accounts' flags weigh nothing: a brigade of sign-ups cannot hide a post);
 * the admin finds it at /admin/moderation and keeps it hidden; it leaves the list and its address for the
 * members, its author reads it as under review, and the decision (as decided and as applied to the
 * discussion) is in the audit log. A restore is the same path (svc-content's admin-actions test).
 */
// The admin account start-platform.ts creates from ADMIN_EMAIL / ADMIN_PASSWORD.
const ADMIN = { email: 'admin@e2e.example', password: 'e2e admin password' };
const PASSWORD = 'Lakeside clinic 2026!';

/** A signed-in member in a browser of their own. */
async function memberPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInOk(page, email, PASSWORD);
  await acceptCookies(page);
  return page;
}

test('three new members report a discussion; it stays up until the admin hides it from the queue, and the audit log has it', async ({
  page,
  browser,
  playwright,
}, info) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const tag = Date.now().toString(36);
  const register = async (name: string) => {
    const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
    const res = await api.post('/api/user/register', {
      data: { name, email, password: PASSWORD, role: 'user' },
    });
    expect(res.status()).toBe(201);
    return email;
  };
  const authorEmail = await register(`Juma Mwangi ${tag}`);
  const reporters = [
    await register(`Amina Wanjiru ${tag}`),
    await register(`Baraka Otieno ${tag}`),
    await register(`Neema Achieng ${tag}`),
  ];

  // The author posts a Public discussion.
  const author = await memberPage(browser, authorEmail);
  const title = `Cheap antibiotics without prescription ${tag}`;
  await author.goto('/connect/discussions');
  await author.getByRole('button', { name: 'Start a discussion' }).click();
  const compose = author.getByRole('dialog', { name: 'Start a New Discussion' });
  await compose.getByLabel('Title', { exact: true }).fill(title);
  await compose.getByLabel('Category', { exact: true }).selectOption('General');
  await compose.getByLabel('Visibility', { exact: true }).selectOption('Public');
  await compose.getByLabel('Content', { exact: true }).fill('Message me for a good price on amoxicillin.');
  await compose.getByRole('button', { name: 'Post Discussion' }).click();
  await expect(author).toHaveURL(/\/connect\/discussions\/[0-9a-f-]{36}$/);
  const discussionPath = new URL(author.url()).pathname;
  const discussionId = discussionPath.split('/').pop()!;

  const listed = (p: Page) => p.getByRole('link', { name: title });
  const search = `/connect/discussions?q=${encodeURIComponent(title)}`;

  // Three members report it, each from its page.
  const pages: Page[] = [];
  for (const email of reporters) {
    const p = await memberPage(browser, email);
    pages.push(p);
    await p.goto(search);
    await expect(listed(p)).toBeVisible();
    await p.goto(discussionPath);
    await expect(p.getByRole('heading', { level: 1 })).toHaveText(title);
    await p.getByRole('button', { name: 'Report', exact: true }).click();
    const dialog = p.getByRole('dialog', { name: 'Report this discussion' });
    await dialog.getByLabel('Reason').fill('Selling prescription medicines');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await expect(p.getByText('Thank you. The moderators will look at it.')).toBeVisible();
  }

  // Still up: three accounts minutes old cannot hide it between them.
  const [amina] = pages;
  await amina!.goto(search);
  await expect(listed(amina!)).toBeVisible();

  // The admin finds it in the moderation queue and keeps it hidden.
  await logInOk(page, ADMIN.email, ADMIN.password);
  await acceptCookies(page);
  await expect(async () => {
    await page.goto('/admin/moderation');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const item = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Selling prescription medicines');
  await item.getByRole('button', { name: `Keep hidden: “${title}”` }).click();
  const confirm = page.getByRole('dialog', { name: 'Keep this post hidden?' });
  await expect(confirm).toContainText(`“${title}” stays hidden from everyone but its author.`);
  await confirm.getByRole('button', { name: 'Keep hidden', exact: true }).click();
  await expect(page.getByText(`“${title}” stays hidden.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);

  // Hidden: gone from the list and from its address for the members; its author reads it as under review.
  await expect(async () => {
    await amina!.goto(search);
    await expect(amina!.getByText('No discussions match this search.')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(listed(amina!)).toHaveCount(0);
  await amina!.goto(discussionPath);
  await expect(amina!.getByRole('heading', { level: 1 })).toHaveText('Discussion not found');
  await author.goto(discussionPath);
  await expect(
    author.getByText('This discussion is hidden while a moderator reviews it. Only you can see it.'),
  ).toBeVisible();

  // The audit log: the decision in svc-content and its application to the discussion in Connect.
  await expect(async () => {
    await page.goto('/admin/audit');
    await page.getByLabel('Target', { exact: true }).fill(discussionId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('cell', { name: /post\.hide/ })).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('cell', { name: /discussion\.hide/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const applied = page.getByRole('row').filter({ hasText: 'discussion.hide' });
  await expect(applied).toContainText(title);
  await expect(applied).toContainText(ADMIN.email);
  await applied.getByText('Before and after').click();
  await expect(applied).toContainText('"status": "visible"');
  await expect(applied).toContainText('"status": "hidden"');

  for (const p of [author, ...pages]) await p.context().close();
  await api.dispose();
});
