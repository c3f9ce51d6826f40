import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 39, item 4: joining a team takes effect at once. On a phone (360 px) in French, a nurse who is
 * signed in accepts a clinic's invitation on /team and, in the same session (no signing out and in), reads
 * the clinic's Clinic Internal discussion that a moment before was not there for her. Then she leaves the
 * team, and it is gone again, still without a new sign-in.
 */
test.use({ locale: 'fr', viewport: { width: 360, height: 740 } });

const PASSWORD = 'a good long password';
const FR = {
  accept: 'Accepter',
  leave: "Quitter l'équipe",
  leaveTitle: 'Quitter votre équipe ?',
  joinedToast: (clinic: string) => `Vous avez rejoint ${clinic}.`,
  memberOf: (clinic: string) => `Vous êtes membre de ${clinic}.`,
  noMatch: 'Aucune discussion ne correspond à cette recherche.',
};

type Session = { token: string; user: { id: string; name: string } };

async function account(api: APIRequestContext, role: 'user' | 'Clinic', name: string) {
  const email = uniqueEmail(`team-${role.toLowerCase()}`);
  const reg = await api.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, phone: '+254 700 123 456' },
  });
  expect(reg.status()).toBe(201);
  const login = await api.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return { email, session: (await login.json()) as Session };
}

/** The stored session of someone who signed in earlier, and the cookie banner answered. */
async function signedIn(page: Page, session: Session) {
  await page.addInitScript((s) => {
    localStorage.setItem('afya.session', JSON.stringify({ state: s, version: 0 }));
    localStorage.setItem('afya.cookieConsent', 'accepted');
  }, session);
}

/** Searches Connect's discussions for `title` on the page as it is (the session it holds). */
async function findDiscussion(page: Page, title: string) {
  await page.goto(`/connect?q=${encodeURIComponent(title)}`);
  return page.getByRole('link', { name: title });
}

test('on a phone in French: a nurse who joins a team reads its internal discussion without signing in again @phone', async ({
  page,
}) => {
  const api = page.request;
  const tag = Date.now().toString(36);
  const clinicName = `Clinique Lumière ${tag}`;
  const clinic = await account(api, 'Clinic', clinicName);
  const nurse = await account(api, 'user', `Wanjiru Kamau ${tag}`);
  // Invitations are for an address its owner proved.
  await verifyAddress(page, nurse.email);
  const asClinic = { authorization: `Bearer ${clinic.session.token}` };
  const title = `Relève de nuit ${tag}`;
  const posted = await api.post('/api/discussion/add', {
    headers: asClinic,
    data: {
      title,
      content: 'Qui assure les nuits de vendredi en décembre ?',
      category: 'Administrative',
      visibility: 'Clinic Internal',
    },
  });
  expect(posted.status()).toBe(201);
  expect(
    (await api.post('/api/user/org/invites', { headers: asClinic, data: { email: nurse.email } })).status(),
  ).toBe(201);

  // Signed in before she joins: the clinic's internal discussion is not hers to read.
  await signedIn(page, nurse.session);
  await expect(await findDiscussion(page, title)).toHaveCount(0);
  await expect(page.getByText(FR.noMatch)).toBeVisible();

  // She accepts on /team, and without signing out and in, reads it.
  await page.goto('/team');
  await page.getByRole('article', { name: clinicName }).getByRole('button', { name: FR.accept }).click();
  await expect(page.getByText(FR.joinedToast(clinicName))).toBeVisible();
  await expect(page.getByRole('main')).toContainText(FR.memberOf(clinicName));
  await expect(async () => {
    const link = await findDiscussion(page, title);
    await expect(link).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await (await findDiscussion(page, title)).click();
  await expect(page.getByRole('main')).toContainText('Qui assure les nuits de vendredi en décembre ?');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // She leaves the team: gone again, still in the same session.
  await page.goto('/team');
  await page.getByRole('main').getByRole('button', { name: FR.leave }).click();
  await page.getByRole('dialog', { name: FR.leaveTitle }).getByRole('button', { name: FR.leave }).click();
  await expect(page.getByRole('main')).not.toContainText(FR.memberOf(clinicName));
  await expect(async () => {
    const link = await findDiscussion(page, title);
    await expect(page.getByText(FR.noMatch)).toBeVisible({ timeout: 1000 });
    await expect(link).toHaveCount(0);
  }).toPass({ timeout: 15_000 });
});
