import { expect, test, type Page } from '@playwright/test';
import { logOut, uniqueEmail } from './helpers';
import { verifyAddress } from './mailbox';

/**
 * Issue 12's journey through Connect: two professionals and a clinic. Baraka finds Amina by a misspelled
 * skill and asks to connect; she accepts from her notification, and both now see each other's phone and
 * e-mail. Amina starts a discussion; Baraka likes it and replies, and both reach her as notifications. The
 * clinic invites Zawadi to its team on /team and she accepts from the notice; the clinic posts a Clinic
 * Internal discussion, which Zawadi reads and the outsider Amina finds neither in the list nor by its
 * address. Then the same at 360 px in French, with no sideways scrolling.
 */
const PASSWORD = 'a good long password';

const TEXTS = {
  en: {
    email: 'E-mail',
    password: 'Password',
    logIn: 'Log in',
    logOut: 'Log out',
    account: 'Account',
    openMenu: 'Open menu',
    toasts: 'Notifications',
    filtersToggle: 'Filters (0)',
    filters: 'Filter professionals',
    search: 'Search',
    role: 'Role',
    searchButton: 'Search',
    connectWith: (name: string) => `Connect with ${name}`,
    sent: 'Connection request sent successfully!',
    pending: 'Pending',
    connected: 'Connected',
    wantsToConnect: (name: string) => `${name} wants to connect with you`,
    received: 'Requests received',
    acceptFrom: (name: string) => `Accept the request from ${name}`,
    acceptedToast: (name: string) => `You are now connected with ${name}.`,
    connections: 'Connections',
    newMessage: 'Start a discussion',
    dialog: 'Start a New Discussion',
    title: 'Title',
    category: 'Category',
    visibility: 'Visibility',
    content: 'Content',
    post: 'Post Discussion',
    posted: 'Discussion posted.',
    searchDiscussions: 'Search discussions',
    like: (n: number) => `Like · ${n}`,
    liked: (n: number) => `Liked · ${n}`,
    yourReply: 'Your reply',
    reply: 'Reply',
    replied: 'Reply posted.',
    clinicInternal: 'Clinic internal',
    liked_notice: (name: string, title: string) => `${name} liked your discussion: ${title}`,
    replied_notice: (name: string, title: string) => `${name} replied to your discussion: ${title}`,
    noMatch: 'No discussions match this search.',
    notFound: 'Discussion not found',
    teamEmail: 'E-mail',
    sendInvite: 'Send invitation',
    invitedToast: (email: string) => `Invitation sent to ${email}.`,
    inviteNotice: (clinic: string) => `${clinic} invited you to join its team`,
    accept: 'Accept',
    joinedToast: (clinic: string) => `You joined ${clinic}.`,
    memberOf: (clinic: string) => `You are a member of ${clinic}.`,
    members: 'Members',
  },
  fr: {
    email: 'E-mail',
    password: 'Mot de passe',
    logIn: 'Se connecter',
    logOut: 'Se déconnecter',
    account: 'Mon compte',
    openMenu: 'Ouvrir le menu',
    toasts: 'Notifications',
    filtersToggle: 'Filtres (0)',
    filters: 'Filtrer les professionnels',
    search: 'Recherche',
    role: 'Profession',
    searchButton: 'Rechercher',
    connectWith: (name: string) => `Entrer en relation avec ${name}`,
    sent: 'Demande de mise en relation envoyée !',
    pending: 'En attente',
    connected: 'En relation',
    wantsToConnect: (name: string) => `${name} souhaite se connecter avec vous`,
    received: 'Demandes reçues',
    acceptFrom: (name: string) => `Accepter la demande de ${name}`,
    acceptedToast: (name: string) => `Vous êtes maintenant en relation avec ${name}.`,
    connections: 'Relations',
    newMessage: 'Lancer une discussion',
    dialog: 'Lancer une nouvelle discussion',
    title: 'Titre',
    category: 'Catégorie',
    visibility: 'Visibilité',
    content: 'Contenu',
    post: 'Publier la discussion',
    posted: 'Discussion publiée.',
    searchDiscussions: 'Rechercher dans les discussions',
    like: (n: number) => `J'aime · ${n}`,
    liked: (n: number) => `Vous aimez · ${n}`,
    yourReply: 'Votre réponse',
    reply: 'Répondre',
    replied: 'Réponse publiée.',
    clinicInternal: 'Interne à la clinique',
    liked_notice: (name: string, title: string) => `${name} a aimé votre discussion : ${title}`,
    replied_notice: (name: string, title: string) => `${name} a répondu à votre discussion : ${title}`,
    noMatch: 'Aucune discussion ne correspond à cette recherche.',
    notFound: 'Discussion introuvable',
    teamEmail: 'E-mail',
    sendInvite: "Envoyer l'invitation",
    invitedToast: (email: string) => `Invitation envoyée à ${email}.`,
    inviteNotice: (clinic: string) => `${clinic} vous invite dans son équipe`,
    accept: 'Accepter',
    joinedToast: (clinic: string) => `Vous avez rejoint ${clinic}.`,
    memberOf: (clinic: string) => `Vous êtes membre de ${clinic}.`,
    members: 'Membres',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

type Person = { name: string; email: string; phone: string };

/** Accounts are made through the API (sign-up has its own journey in auth.spec). */
async function register(
  page: Page,
  name: string,
  role: 'user' | 'Clinic',
  profile: { designation?: string; skills?: string[]; address?: string; phone: string },
): Promise<Person> {
  const email = uniqueEmail(`connect-${role.toLowerCase()}`);
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...profile },
  });
  expect(res.status()).toBe(201);
  // The owner opens the link mailed at sign-up: joining a team and receiving contact details need it.
  await verifyAddress(page, email);
  return { name, email, phone: profile.phone };
}

async function logIn(page: Page, T: Texts, email: string) {
  await page.goto('/login');
  await page.getByLabel(T.email).fill(email);
  await page.getByLabel(T.password).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: T.logIn }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const toasts = (page: Page, T: Texts) => page.getByRole('region', { name: T.toasts, exact: true });

/** The inbox link with this title, once the notice has travelled (outbox, NATS, the inbox): reloads until then. */
async function notice(page: Page, title: string) {
  const link = page.getByRole('main').getByRole('link').filter({ hasText: title });
  await expect(async () => {
    await page.goto('/notifications');
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return link;
}

/** Posts a discussion through 'Start a discussion' on the Discussions tab; ends on its page. */
async function postDiscussion(
  page: Page,
  T: Texts,
  d: { title: string; category: string; visibility: string; content: string },
) {
  await page.goto('/connect/discussions');
  await page.getByRole('button', { name: T.newMessage }).click();
  const dialog = page.getByRole('dialog', { name: T.dialog });
  await dialog.getByLabel(T.title, { exact: true }).fill(d.title);
  await dialog.getByLabel(T.category, { exact: true }).selectOption(d.category);
  await dialog.getByLabel(T.visibility, { exact: true }).selectOption(d.visibility);
  await dialog.getByLabel(T.content, { exact: true }).fill(d.content);
  await dialog.getByRole('button', { name: T.post }).click();
  await expect(toasts(page, T)).toContainText(T.posted);
  await expect(page).toHaveURL(/\/connect\/discussions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(d.title);
  return new URL(page.url()).pathname;
}

async function journey(page: Page, T: Texts, width: number, skill: string, misspelled: string) {
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem('afya.cookieConsent', 'accepted'));
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Eldoret Family Clinic ${tag}`, 'Clinic', {
    phone: '+254 733 000 003',
  });
  const amina = await register(page, `Amina Wanjiru ${tag}`, 'user', {
    designation: 'Registered Nurse',
    skills: [skill, 'Neonatal care'],
    address: 'Eldoret, Uasin Gishu',
    phone: '+254 711 000 001',
  });
  const baraka = await register(page, `Baraka Otieno ${tag}`, 'user', {
    designation: 'Clinical Officer',
    skills: ['Triage'],
    address: 'Kisumu, Kenya',
    phone: '+254 722 000 002',
  });
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const card = (name: string) =>
    page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });

  /** Searches the directory for the misspelled skill among nurses. */
  async function findAmina() {
    await page.goto('/connect');
    if (width < 900) await page.getByRole('button', { name: T.filtersToggle }).click();
    const form = page.getByRole('search', { name: T.filters });
    await form.getByLabel(T.search, { exact: true }).fill(misspelled);
    await form.getByLabel(T.role, { exact: true }).selectOption('Nurse');
    await form.getByRole('button', { name: T.searchButton, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`search=${misspelled}&profession=Nurse`));
    await expect(card(amina.name)).toBeVisible();
    return card(amina.name);
  }

  // Baraka finds Amina by a misspelled skill: no contact details yet. He asks to connect.
  await logIn(page, T, baraka.email);
  let hers = await findAmina();
  await expect(hers).toContainText('Registered Nurse');
  await expect(hers).toContainText('Eldoret');
  await expect(hers).toContainText(skill);
  await expect(hers.getByRole('link', { name: amina.email })).toHaveCount(0);
  await expect(hers).not.toContainText(amina.phone);
  await fits();
  await hers.getByRole('button', { name: T.connectWith(amina.name) }).click();
  await expect(toasts(page, T)).toContainText(T.sent);
  await expect(hers).toContainText(T.pending);
  await logOut(page, T);

  // Amina accepts from her notification; his phone and e-mail are now in her connections.
  await logIn(page, T, amina.email);
  await (await notice(page, T.wantsToConnect(baraka.name))).click();
  await expect(page).toHaveURL(/\/connect\/network$/);
  const received = page.getByRole('region', { name: T.received });
  await received.getByRole('button', { name: T.acceptFrom(baraka.name) }).click();
  await expect(toasts(page, T)).toContainText(T.acceptedToast(baraka.name));
  const connections = page.getByRole('region', { name: T.connections });
  await expect(connections.getByRole('link', { name: baraka.email })).toBeVisible();
  await expect(connections.getByRole('link', { name: baraka.phone })).toBeVisible();
  await fits();

  // She starts a discussion (Public).
  const title = `Oxygen concentrators ${tag}`;
  const discussionPath = await postDiscussion(page, T, {
    title,
    category: 'Medical Supply Chain',
    visibility: 'Public',
    content: 'Who services **oxygen** concentrators near Eldoret?',
  });
  await expect(page.locator('.discussion-body strong')).toHaveText('oxygen');
  await logOut(page, T);

  // Baraka now sees her contact details too; he likes her discussion and replies.
  await logIn(page, T, baraka.email);
  hers = await findAmina();
  await expect(hers).toContainText(T.connected);
  await expect(hers.getByRole('link', { name: amina.email })).toBeVisible();
  await expect(hers.getByRole('link', { name: amina.phone })).toBeVisible();
  await page.goto(`/connect?q=${encodeURIComponent(title)}`);
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`${discussionPath}$`));
  await page.getByRole('button', { name: T.like(0) }).click();
  await expect(page.getByRole('button', { name: T.liked(1) })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel(T.yourReply).fill('We use the county biomedical workshop.');
  await page.getByRole('button', { name: T.reply, exact: true }).click();
  await expect(toasts(page, T)).toContainText(T.replied);
  await expect(page.getByRole('main')).toContainText('We use the county biomedical workshop.');
  await fits();
  await logOut(page, T);

  // The clinic invites a colleague to its team on /team; she accepts from the notice it sends her.
  const colleague = await register(page, `Zawadi Njeri ${tag}`, 'user', {
    designation: 'Clinical Officer',
    phone: '+254 722 000 005',
  });
  await logIn(page, T, clinic.email);
  await page.goto('/team');
  await page.getByRole('main').getByLabel(T.teamEmail).fill(colleague.email);
  await page.getByRole('button', { name: T.sendInvite }).click();
  await expect(toasts(page, T)).toContainText(T.invitedToast(colleague.email));
  await expect(page.getByRole('main')).toContainText(colleague.email);
  await fits();
  await logOut(page, T);
  await logIn(page, T, colleague.email);
  await (await notice(page, T.inviteNotice(clinic.name))).click();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByRole('article', { name: clinic.name }).getByRole('button', { name: T.accept }).click();
  await expect(toasts(page, T)).toContainText(T.joinedToast(clinic.name));
  await expect(page.getByRole('main')).toContainText(T.memberOf(clinic.name));
  await fits();
  await logOut(page, T);

  // The clinic posts a Clinic Internal discussion: its own organisation reads it.
  const internalTitle = `Night shift rota ${tag}`;
  await logIn(page, T, clinic.email);
  await page.goto('/team');
  await expect(
    page.getByRole('region', { name: T.members }).getByText(colleague.name, { exact: true }),
  ).toBeVisible();
  const internalPath = await postDiscussion(page, T, {
    title: internalTitle,
    category: 'Administrative',
    visibility: 'Clinic Internal',
    content: 'Who covers Friday nights in December?',
  });
  await expect(page.getByRole('article', { name: internalTitle })).toContainText(T.clinicInternal);
  await logOut(page, T);

  // The colleague, a member of the clinic's team, finds it and reads it.
  await logIn(page, T, colleague.email);
  await page.goto(`/connect?q=${encodeURIComponent(internalTitle)}`);
  await page.getByRole('link', { name: internalTitle }).click();
  await expect(page).toHaveURL(new RegExp(`${internalPath}$`));
  await expect(page.getByRole('main')).toContainText('Who covers Friday nights in December?');
  await logOut(page, T);

  // Amina: the like and the reply reached her inbox; the reply notice leads to the discussion.
  await logIn(page, T, amina.email);
  await notice(page, T.liked_notice(baraka.name, title));
  await (await notice(page, T.replied_notice(baraka.name, title))).click();
  await expect(page).toHaveURL(new RegExp(`${discussionPath}$`));
  await expect(page.getByRole('main')).toContainText('We use the county biomedical workshop.');
  // The clinic's internal discussion is not for her: not in the list or a search, not at its address.
  await page.goto(`/connect?q=${encodeURIComponent(internalTitle)}`);
  await expect(page.getByText(T.noMatch)).toBeVisible();
  await expect(page.getByRole('link', { name: internalTitle })).toHaveCount(0);
  await page.goto(internalPath);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.notFound);
  await expect(page.getByRole('main')).not.toContainText('Friday nights');
  await fits();
}

test.describe('Connect', () => {
  test('two professionals connect through the directory and a notification; a discussion, its like and reply; a Clinic Internal post stays inside', async ({
    page,
  }) => {
    await journey(page, TEXTS.en, 1280, 'Lactation counselling', 'lactaton');
  });

  test('by keyboard alone: a category chip filters, the new discussion dialog keeps and returns focus', async ({
    page,
  }) => {
    const T = TEXTS.en;
    await page.addInitScript(() => localStorage.setItem('afya.cookieConsent', 'accepted'));
    const me = await register(page, `Daudi Mwangi ${Date.now().toString(36)}`, 'user', {
      designation: 'Pharmacist',
      phone: '+254 744 000 004',
    });
    await logIn(page, T, me.email);
    await page.goto('/connect/discussions');
    const research = page.getByRole('button', { name: 'Research', exact: true });
    // The page is prerendered: its controls take input once its scripts have arrived (useHydrated).
    await expect(research).toBeEnabled();
    await research.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/connect\/discussions\?category=Research$/);
    await expect(research).toHaveAttribute('aria-pressed', 'true');

    const open = page.getByRole('button', { name: T.newMessage });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: T.dialog });
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });

  test.describe('on a phone in French', () => {
    test.use({ locale: 'fr', viewport: { width: 360, height: 740 } });

    test('the same journey at 360 px in French @phone', async ({ page }) => {
      await journey(page, TEXTS.fr, 360, 'Kangaroo mother care', 'kangarou');
    });
  });
});
