import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';

/**
 * Issue 39 (the spec's event filter): an event keeps a topic (the spec's filter categories: CPD, Licensing
 * Exam Prep, Community Health, NHIF/Nursing Council Briefings, Public Health Workshops) beside its type, and
 * /event filters by either. A visitor on a phone in French finds the community-health webinar by its theme.
 */
const PASSWORD = 'a good long password';

test('on a phone in French, /event finds an event by its topic beside its type', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('topics');
  expect(
    (
      await request.post('/api/user/register', {
        data: { name: 'Clinique Topics', email, password: PASSWORD, role: 'Clinic' },
      })
    ).status(),
  ).toBe(201);
  const { token } = await (
    await request.post('/api/user/login', { data: { email, password: PASSWORD } })
  ).json();
  const tag = Date.now().toString(36);
  const post = async (title: string, topic?: string) => {
    const res = await request.post('/api/event/add', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title,
        description: 'Une heure en ligne, questions comprises.',
        category: 'Webinar',
        ...(topic ? { topic } : {}),
        date: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10),
        time: '18:00',
        location: 'Online',
      },
    });
    expect(res.status()).toBe(201);
  };
  await post(`Santé des communautés ${tag}`, 'Community Health');
  await post(`Sans thème ${tag}`);

  // French, chosen with the navbar's switcher (in the bar on a laptop), then a phone.
  await page.goto('/event');
  await page.getByRole('banner').getByLabel('Language').selectOption('fr');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/event');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await page.getByRole('button', { name: /^Filtres \(/ }).click();
  const filters = page.getByRole('search', { name: 'Filtrer les événements' });
  await filters.getByLabel('Mot-clé').fill(tag);
  await filters.getByLabel('Thème').selectOption({ label: 'Santé communautaire' });
  await filters.getByRole('button', { name: 'Rechercher' }).click();
  await expect(page).toHaveURL(/topic=Community\+Health/);
  await expect(page.getByText('1 événement trouvé')).toBeVisible();
  const card = page.getByRole('article').filter({ hasText: `Santé des communautés ${tag}` });
  await expect(card).toContainText('Santé communautaire');
  await expect(card).toContainText('Webinaire');
  await expect(page.getByText(`Sans thème ${tag}`)).toHaveCount(0);
  // The type and the topic together, from the address.
  await page.goto(`/event?search=${tag}&category=Training&topic=Community+Health`);
  await expect(page.getByText(/Aucun événement ne correspond/)).toBeVisible();
});
