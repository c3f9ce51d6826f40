import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 39's Connect on a phone, at 360 px in French: Find Professionals and Discussions are two tabs,
 * each its own address (no scrolling past the directory to reach the discussions); the button that
 * starts a discussion says so; each professional has a page (what they chose to show, their verified
 * licences) with the Connect button on it.
 */
test.use({ locale: 'fr', viewport: { width: 360, height: 740 } });

const PASSWORD = 'a good long password';
const T = {
  email: 'E-mail',
  password: 'Mot de passe',
  logIn: 'Se connecter',
  sections: 'Rubriques de Connect',
  professionalsTab: 'Trouver des professionnels',
  discussionsTab: 'Discussions',
  filtersToggle: 'Filtres (0)',
  filters: 'Filtrer les professionnels',
  search: 'Recherche',
  searchButton: 'Rechercher',
  startDiscussion: 'Lancer une discussion',
  dialog: 'Lancer une nouvelle discussion',
  title: 'Titre',
  category: 'Catégorie',
  visibility: 'Visibilité',
  content: 'Contenu',
  post: 'Publier la discussion',
  posted: 'Discussion publiée.',
  credentials: 'Titres vérifiés',
  noCredentials: "Aucune autorisation d'exercer vérifiée dans Core HR pour le moment.",
  connectWith: (name: string) => `Entrer en relation avec ${name}`,
  sent: 'Demande de mise en relation envoyée !',
  pending: 'En attente',
  toasts: 'Notifications',
};

async function register(page: Page, name: string, profile: Record<string, unknown>) {
  const email = uniqueEmail('connect-phone');
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role: 'user', ...profile },
  });
  expect(res.status()).toBe(201);
  await verifyAddress(page, email);
  return { name, email };
}

async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel(T.email).fill(email);
  await page.getByLabel(T.password).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: T.logIn }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const fits = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('tabs, a discussion started from its tab, a profile opened and a connection asked from it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => localStorage.setItem('afya.cookieConsent', 'accepted'));
  const tag = Date.now().toString(36);
  const neema = await register(page, `Neema Mushi ${tag}`, {
    designation: 'Sage-femme',
    description: 'Sage-femme à Moshi, formatrice en soins néonatals. '.repeat(4).trim(),
    skills: ['Soins néonatals'],
    address: 'Moshi, Tanzania',
    phone: '+255 744 000 101',
  });
  const juma = await register(page, `Juma Kiprono ${tag}`, {
    designation: 'Infirmier',
    address: 'Eldoret, Kenya',
    phone: '+254 744 000 102',
  });
  await logIn(page, juma.email);

  // /connect is Find Professionals: its tab is the current one, and no discussion is on it.
  await page.goto('/connect');
  const tabs = page.getByRole('navigation', { name: T.sections });
  await expect(tabs.getByRole('link', { name: T.professionalsTab })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.person-card').first()).toBeVisible();
  await expect(page.locator('.discussion-item')).toHaveCount(0);
  await fits(page);

  // The Discussions tab, reached in one tap; the button says it starts a discussion.
  await tabs.getByRole('link', { name: T.discussionsTab }).click();
  await expect(page).toHaveURL(/\/connect\/discussions$/);
  await expect(tabs.getByRole('link', { name: T.discussionsTab })).toHaveAttribute('aria-current', 'page');
  const start = page.getByRole('button', { name: T.startDiscussion, exact: true });
  // On the screen without scrolling: near the top of a phone's first screen.
  const box = await start.boundingBox();
  expect(box!.y + box!.height).toBeLessThan(740);
  await start.click();
  const dialog = page.getByRole('dialog', { name: T.dialog });
  const title = `Garde de nuit à Eldoret ${tag}`;
  await dialog.getByLabel(T.title, { exact: true }).fill(title);
  await dialog.getByLabel(T.category, { exact: true }).selectOption('Administrative');
  await dialog.getByLabel(T.visibility, { exact: true }).selectOption('Public');
  await dialog.getByLabel(T.content, { exact: true }).fill('Comment organisez-vous les gardes de nuit ?');
  await dialog.getByRole('button', { name: T.post }).click();
  await expect(page.getByRole('region', { name: T.toasts, exact: true })).toContainText(T.posted);
  await expect(page).toHaveURL(/\/connect\/discussions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // Find Professionals: Neema by name, then her page from her card.
  await page.goto('/connect');
  await page.getByRole('button', { name: T.filtersToggle }).click();
  const form = page.getByRole('search', { name: T.filters });
  await form.getByLabel(T.search, { exact: true }).fill(`Neema Mushi ${tag}`);
  await form.getByRole('button', { name: T.searchButton, exact: true }).click();
  await page.getByRole('link', { name: neema.name }).click();
  await expect(page).toHaveURL(/\/connect\/people\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: neema.name })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Sage-femme');
  await expect(page.getByRole('main')).toContainText('Moshi');
  // The whole description, not the card's first 100 characters.
  await expect(page.getByRole('main')).toContainText('formatrice en soins néonatals. Sage-femme à Moshi');
  // Not connected: no phone or e-mail.
  await expect(page.getByRole('main')).not.toContainText('+255 744 000 101');
  await expect(page.getByRole('main').getByRole('link', { name: neema.email })).toHaveCount(0);
  await expect(page.getByRole('region', { name: T.credentials })).toContainText(T.noCredentials);
  await fits(page);

  // Connect from her page.
  await page.getByRole('button', { name: T.connectWith(neema.name) }).click();
  await expect(page.getByRole('region', { name: T.toasts, exact: true })).toContainText(T.sent);
  await expect(page.getByRole('main')).toContainText(T.pending);
});

test('sign-up asks for town and country, and Connect filters by them find the person', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => localStorage.setItem('afya.cookieConsent', 'accepted'));
  const tag = Date.now().toString(36);
  const name = `Rehema Swai ${tag}`;
  const town = `Moshi ${tag}`;

  await page.goto('/signup');
  await page.getByRole('radio', { name: /^Professionnel de santé/ }).check();
  await page.getByLabel('Nom complet', { exact: true }).fill(name);
  await page.getByLabel('E-mail', { exact: true }).fill(uniqueEmail('connect-town'));
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmez le mot de passe').fill(PASSWORD);
  await page.getByLabel('Ville', { exact: true }).fill(town);
  // Typed in French: kept as the country's one name, so the filter counts everyone in it together.
  await page.getByLabel('Pays', { exact: true }).fill('Tanzanie');
  await fits(page);
  await page.getByRole('button', { name: "S'inscrire", exact: true }).click();
  await expect(page).not.toHaveURL(/\/signup/);

  await page.goto('/connect');
  await page.getByRole('button', { name: T.filtersToggle }).click();
  const form = page.getByRole('search', { name: T.filters });
  await form.getByLabel(T.search, { exact: true }).fill(name);
  await form.getByRole('button', { name: T.searchButton, exact: true }).click();
  await expect(page.getByRole('link', { name })).toBeVisible();
  // Her town and country are among the filters' choices, each counting her.
  await form.getByLabel('Lieu', { exact: true }).selectOption({ label: `${town} (1)` });
  await form.getByLabel('Pays', { exact: true }).selectOption({ label: 'Tanzania (1)' });
  await form.getByRole('button', { name: T.searchButton, exact: true }).click();
  await expect(page).toHaveURL(/location=Moshi.*&country=Tanzania/);
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name }) });
  await expect(card).toContainText(town);
  await expect(page.getByText('1 professionnel trouvé')).toBeVisible();
  await fits(page);
});
