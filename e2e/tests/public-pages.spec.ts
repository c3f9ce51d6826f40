import { expect, test } from '@playwright/test';
import { acceptCookies, expectAccessible, LOCKS } from './helpers';

const ADMIN = { email: 'admin@e2e.example', password: 'e2e admin password' };
// The About block (the last journey) is the platform's one: no other journey writes it between this one's
// edit and its check.
test.describe.configure({ lock: LOCKS.homeBlocks });

test('a visitor sends the contact form and a demo request; the admin finds both in the inbox', async ({
  page,
  playwright,
}, info) => {
  const tag = Date.now().toString(36);
  await page.goto('/');
  await acceptCookies(page);
  // Both pages are in the footer.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByLabel('Your name')).toHaveAccessibleDescription('This field is required.');
  await page.getByLabel('Your name').fill(`Wanjiru ${tag}`);
  await page.getByLabel('Your e-mail').fill('wanjiru@clinic.example');
  await page
    .getByLabel('Message', { exact: true })
    .fill('We run two clinics in Thika. How does leave tracking work?');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText("Message sent successfully! We'll contact you soon.")).toBeVisible();
  await expectAccessible(page, '/contact after sending');

  await page.getByRole('contentinfo').getByRole('link', { name: 'Request a demo' }).click();
  await expect(page).toHaveURL(/\/requestdemo$/);
  await page.getByLabel('Full name').fill(`Otieno ${tag}`);
  await page.getByLabel('Organisation').fill('Lakeside Medical Centre');
  await page.getByLabel('Facility type').selectOption('Hospital');
  await page.getByLabel('E-mail').fill('otieno@lakeside.example');
  await page.getByLabel('Preferred date').fill('2099-01-15');
  await page.getByLabel('Preferred time').fill('10:30');
  await page.getByRole('button', { name: 'Request demo' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // The admin's inbox has both (read through svc-content's admin call, as mf-content does).
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const login = await api.post('/api/user/login', { data: ADMIN });
  const token = (await login.json()).token as string;
  const inbox = await api.get('/api/content/inbox?limit=100', {
    headers: { authorization: `Bearer ${token}` },
  });
  const names = ((await inbox.json()).data as { name: string; kind: string }[]).map(
    (m) => `${m.kind}:${m.name}`,
  );
  expect(names).toEqual(expect.arrayContaining([`contact:Wanjiru ${tag}`, `demo:Otieno ${tag}`]));
  await api.dispose();
});

test('a post the admin publishes is read on /blog and at its own address', async ({
  page,
  playwright,
}, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const token = (await (await api.post('/api/user/login', { data: ADMIN })).json()).token as string;
  const name = `Licence renewals ${Date.now().toString(36)}`;
  const added = await api.post('/api/blog/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      data: '<p>Start a month early.</p><h3>What to bring</h3><ul><li>CPD certificates</li></ul><script>alert(1)</script>',
      status: 'published',
    },
  });
  expect(added.status()).toBe(201);
  const { slug } = (await added.json()).blog as { slug: string };
  await api.dispose();

  await page.goto('/blog');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Blog and news' })).toBeVisible();
  await page.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'What to bring' })).toBeVisible();
  await expect(page.locator('.blog-body script')).toHaveCount(0);
  await expect(page).toHaveTitle(`${name} — AfyaHR`);
  await expectAccessible(page, 'a blog post');
});

test.describe('on a phone, in French', () => {
  test.use({ locale: 'fr', viewport: { width: 360, height: 740 } });

  test('the blog and the contact page read in French with no sideways scrolling', async ({ page }) => {
    await page.goto('/blog');
    await acceptCookies(page, 'Accepter');
    await expect(page.getByRole('heading', { level: 1, name: 'Blog et actualités' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/blog/no-such-post');
    await expect(page.getByRole('heading', { name: 'Article introuvable' })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Nous contacter' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, '/contact at 360 px in French');
  });
});

test('every footer link leads to a page of the site, never to "page not found"', async ({ page }) => {
  await page.goto('/');
  await acceptCookies(page);
  const links = page.getByRole('contentinfo').locator('a[href^="/"]');
  const paths = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))];
  expect(paths).toEqual(
    expect.arrayContaining(['/aboutus', '/privacy', '/terms', '/cookies', '/faqs', '/contact', '/blog']),
  );
  for (const path of paths) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  }
  await page.goto('/faqs');
  await page.getByRole('button', { name: 'Who is AfyaHR for?' }).click();
  await expect(
    page.getByText(/rehabilitation and diagnostic centres in Eastern Africa, and the doctors/),
  ).toBeVisible();
  await expectAccessible(page, '/faqs with an answer open');
});

test('the About block an admin writes appears on the landing page', async ({ page, playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  const token = (await (await api.post('/api/user/login', { data: ADMIN })).json()).token as string;
  const text = `Trusted by clinics in six countries (${Date.now().toString(36)}).`;
  const saved = await api.post('/api/dashboard/upsert-main-components', {
    headers: { authorization: `Bearer ${token}` },
    data: { AboutUs: `<p>${text}</p>` },
  });
  expect(saved.status()).toBe(200);
  await api.dispose();
  await page.goto('/');
  await acceptCookies(page);
  await expect(page.getByText(text)).toBeVisible();
});
