import { expect, test, type Page } from '@playwright/test';
import { acceptApplicant, acceptCookies, logInOk, logOut, uniqueEmail } from './helpers';

const PASSWORD = 'a good long password';

/** Accounts, and what is not this journey's point (posting, applying), go through the API. */
async function register(page: Page, name: string, role: 'user' | 'Clinic') {
  const email = uniqueEmail(role.toLowerCase());
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role },
  });
  expect(res.status()).toBe(201);
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  return { name, email, token: (await login.json()).token as string };
}

const bell = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Notifications/ });

test('a job alert and a decision with a message reach the professional', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const title = `Theatre Nurse ${tag}`;
  const clinic = await register(page, `Kisumu Lakeside Hospital ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');

  // Amina saves her board search as an alert.
  await logInOk(page, amina.email, PASSWORD);
  await acceptCookies(page);
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await page.goto('/hire');
  await page.getByRole('search').getByLabel('Job title').fill(`theatre nurse ${tag}`);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/title=/);
  await page.getByRole('button', { name: 'Create alert for this search' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Alert saved.');
  await page.goto('/userdashboard');
  const alerts = page.getByRole('region', { name: 'Job alerts' });
  await expect(alerts.getByRole('link', { name: `theatre nurse ${tag}` })).toBeVisible();

  // The clinic posts a matching job (and one that does not match).
  for (const t of [title, `Ward Clerk ${tag}`]) {
    const posted = await page.request.post('/api/job/add', {
      headers: { authorization: `Bearer ${clinic.token}` },
      data: {
        title: t,
        organization: clinic.name,
        location: 'Kisumu',
        description: 'Theatre list, day shifts.',
      },
    });
    expect(posted.status()).toBe(201);
  }

  // The bell counts the one matching job; its page links to it.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await bell(page).click();
  await expect(page).toHaveURL(/\/notifications$/);
  const list = page.getByRole('main').getByRole('list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const notice = list.getByRole('link', { name: `New job matching your alert: ${title}` });
  await expect(notice).toBeVisible();
  // Opening the page marked it read.
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await notice.click();
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();

  // Amina applies; the clinic accepts with a message.
  const job = (await (await page.request.get(`/api/job/get?title=${encodeURIComponent(title)}`)).json())
    .data[0];
  const applied = await page.request.post('/api/application/apply', {
    headers: { authorization: `Bearer ${amina.token}` },
    data: {
      jobId: job.id,
      fullName: 'Amina Wanjiru',
      email: amina.email,
      phoneNumber: '+254 700 123 456',
      resumeUrl: 'https://cv.example.org/amina.pdf',
    },
  });
  expect(applied.status()).toBe(201);
  await logOut(page);

  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'View Applicants' }).click();
  await acceptApplicant(page, card, 'Amina Wanjiru', 'Please come for an interview on Monday at 9.');
  await logOut(page);

  // Amina is notified and reads the message on her dashboard.
  await logInOk(page, amina.email, PASSWORD);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await bell(page).click();
  const decided = page.getByRole('main').getByRole('listitem').first();
  await expect(decided).toContainText(`Your application for ${title} was accepted`);
  await expect(decided).toContainText('Please come for an interview on Monday at 9.');
  await decided.getByRole('link').click();
  await expect(page).toHaveURL(/\/userdashboard$/);
  const application = page.getByRole('region', { name: 'Your Job Applications' }).getByRole('article');
  await expect(application).toContainText('Accepted');
  await expect(application).toContainText('Message from the clinic:');
  await expect(application).toContainText('Please come for an interview on Monday at 9.');

  // In Kiswahili, at 360 px, the bell is still there and the notices read in Kiswahili.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.evaluate(() =>
    localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'sw' }, version: 0 })),
  );
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Arifa', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`Ombi lako la kazi ya ${title} limekubaliwa`);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Arifa/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
