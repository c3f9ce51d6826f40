import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { logOut, uniqueEmail } from './helpers';

/**
 * Issue 11's journey through the Events module: a clinic creates an event with 2 seats; three
 * professionals register (the third is waitlisted); one cancels and the third is confirmed; the clinic
 * downloads the CSV and checks two in on the check-in screen by typed code; the attendee downloads the
 * certificate and the verify page confirms it. Then the same at 360 px in Kiswahili.
 */
const PASSWORD = 'a good long password';

/** What a person reads on the way, in each language the journey runs in. */
const TEXTS = {
  en: {
    email: 'E-mail',
    password: 'Password',
    logIn: 'Log in',
    logOut: 'Log out',
    account: 'Account',
    openMenu: 'Open menu',
    toasts: 'Notifications',
    createEvent: 'Create New Event',
    newEvent: 'New event',
    title: 'Title',
    date: 'Date',
    time: 'Time',
    location: 'Location',
    category: 'Category',
    description: 'Description',
    seats: 'Seats',
    cpdPoints: 'CPD points',
    newTag: 'New tag',
    post: 'Post Event',
    posted: 'Event posted.',
    seatsTaken: (n: number, of: number) => `${n} of ${of} seats taken`,
    found: '1 event found',
    register: 'Register',
    joinWaitlist: 'Join the waiting list',
    registered: (title: string) => `You are registered for ${title}.`,
    askToRegister: (title: string) => `Register for ${title}?`,
    waitlistedToast: 'You are on the waiting list: number 1.',
    waitlistedText: 'You are number 1 on the waiting list. You get a seat when one is freed.',
    showTicket: 'Show your ticket at the door.',
    cancelRegistration: 'Cancel registration',
    cancelDialog: 'Cancel your registration?',
    cancelledToast: 'Your registration is cancelled.',
    seatIsYours: (title: string) => `A seat is yours: ${title}`,
    attendees: 'Attendees',
    attendeesOf: (title: string) => `Attendees of ${title}`,
    cancelledRegistration: 'Cancelled registration',
    csv: 'Download attendee list (CSV)',
    checkinLink: (title: string) => `Check-in: ${title}`,
    ticketCode: 'Ticket code',
    checkIn: 'Check in',
    checkedIn: (name: string) => `Checked in: ${name}`,
    already: (name: string) => `Already checked in: ${name}`,
    count: (n: number, of: number) => `${n} of ${of} checked in`,
    myEvents: 'My upcoming events',
    cpd: (year: number) => `CPD points ${year}`,
    threePoints: '3 points',
    download: (title: string) => `Download certificate (PDF): ${title}`,
    verifyLink: 'Check this certificate',
    genuine: 'Genuine certificate',
    issuerNotVerified: 'Not verified: AfyaHR has not checked',
    notFound: 'Certificate not found',
  },
  sw: {
    email: 'Barua pepe',
    password: 'Nywila',
    logIn: 'Ingia',
    logOut: 'Toka',
    account: 'Akaunti',
    openMenu: 'Fungua menyu',
    toasts: 'Arifa',
    createEvent: 'Unda tukio jipya',
    newEvent: 'Tukio jipya',
    title: 'Kichwa',
    date: 'Tarehe',
    time: 'Saa',
    location: 'Mahali',
    category: 'Aina',
    description: 'Maelezo',
    seats: 'Nafasi',
    cpdPoints: 'Alama za CPD',
    newTag: 'Lebo mpya',
    post: 'Chapisha tukio',
    posted: 'Tukio limechapishwa.',
    seatsTaken: (n: number, of: number) => `Nafasi ${n} kati ya ${of} zimechukuliwa`,
    found: 'Tukio 1 limepatikana',
    register: 'Jiandikishe',
    joinWaitlist: 'Ingia kwenye orodha ya kusubiri',
    registered: (title: string) => `Umeandikishwa kwa ${title}.`,
    askToRegister: (title: string) => `Ungependa kujiandikisha kwa ${title}?`,
    waitlistedToast: 'Uko kwenye orodha ya kusubiri: nambari 1.',
    waitlistedText: 'Wewe ni nambari 1 kwenye orodha ya kusubiri. Utapata nafasi ikiachwa.',
    showTicket: 'Onyesha tiketi yako mlangoni.',
    cancelRegistration: 'Ghairi usajili',
    cancelDialog: 'Ungependa kughairi usajili wako?',
    cancelledToast: 'Usajili wako umeghairiwa.',
    seatIsYours: (title: string) => `Umepata nafasi: ${title}`,
    attendees: 'Washiriki',
    attendeesOf: (title: string) => `Washiriki wa ${title}`,
    cancelledRegistration: 'Usajili umeghairiwa',
    csv: 'Pakua orodha ya washiriki (CSV)',
    checkinLink: (title: string) => `Thibitisha kuwasili: ${title}`,
    ticketCode: 'Nambari ya tiketi',
    checkIn: 'Thibitisha',
    checkedIn: (name: string) => `Amethibitishwa kuwasili: ${name}`,
    already: (name: string) => `Alishathibitishwa kuwasili: ${name}`,
    count: (n: number, of: number) => `${n} kati ya ${of} wamethibitishwa kuwasili`,
    myEvents: 'Matukio yangu yajayo',
    cpd: (year: number) => `Alama za CPD ${year}`,
    threePoints: 'Alama 3',
    download: (title: string) => `Pakua cheti (PDF): ${title}`,
    verifyLink: 'Hakiki cheti hiki',
    genuine: 'Cheti halali',
    issuerNotVerified: 'Haijathibitishwa: AfyaHR haijakagua',
    notFound: 'Cheti hakikupatikana',
  },
} as const;
type Texts = (typeof TEXTS)[keyof typeof TEXTS];

/** Accounts are made through the API (sign-up has its own journey in auth.spec). */
async function register(page: Page, name: string, role: 'user' | 'Clinic') {
  const email = uniqueEmail(`events-${role.toLowerCase()}`);
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, phone: '+254 700 123 456' },
  });
  expect(res.status()).toBe(201);
  return { name, email };
}

async function logIn(page: Page, T: Texts, email: string) {
  await page.goto('/login');
  await page.getByLabel(T.email).fill(email);
  await page.getByLabel(T.password).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: T.logIn }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

const toasts = (page: Page, T: Texts) => page.getByRole('region', { name: T.toasts, exact: true });

/** Date and time `minutes` from now on Nairobi's clock (UTC+3, no summer time): check-in is open then. */
function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16) };
}

/** A file the page downloads, as text. */
async function downloaded(page: Page, click: () => Promise<void>): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return readFileSync((await download.path())!);
}

async function journey(page: Page, T: Texts, width: number) {
  test.setTimeout(240_000);
  // Nobody answers the cookie banner here: the journey is about events (site.spec covers the banner).
  await page.addInitScript(() => localStorage.setItem('afya.cookieConsent', 'accepted'));
  const tag = Date.now().toString(36);
  const title = `Neonatal resuscitation ${tag}`;
  const clinic = await register(page, `Nakuru Family Clinic ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');
  const baraka = await register(page, 'Baraka Otieno', 'user');
  const chebet = await register(page, 'Chebet Kiprop', 'user');
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // The clinic creates the event, with 2 seats and 3 CPD points, starting in an hour.
  await logIn(page, T, clinic.email);
  await expect(page).toHaveURL(/\/clinicdashboard$/);
  await page.getByRole('button', { name: T.createEvent }).click();
  const form = page.getByRole('region', { name: T.newEvent });
  const when = soon(60);
  await form.getByLabel(T.title, { exact: true }).fill(title);
  await form.getByLabel(T.date, { exact: true }).fill(when.date);
  await form.getByLabel(T.time, { exact: true }).fill(when.time);
  await form.getByLabel(T.location, { exact: true }).fill('Nakuru Level 5 Hospital');
  await form.getByLabel(T.category, { exact: true }).selectOption('Training');
  await form
    .getByLabel(T.description, { exact: true })
    .fill('Hands-on practice of the newborn life-support algorithm.');
  await form.getByLabel(T.seats, { exact: true }).fill('2');
  await form.getByLabel(T.cpdPoints, { exact: true }).fill('3');
  await form.getByLabel(T.newTag).fill('CPD');
  await form.getByLabel(T.newTag).press('Enter');
  await fits();
  await form.getByRole('button', { name: T.post }).click();
  await expect(toasts(page, T)).toContainText(T.posted);
  const card = page.getByRole('article', { name: title });
  await expect(card).toContainText(T.seatsTaken(0, 2));
  const eventPath = (await card.getByRole('link', { name: title, exact: true }).getAttribute('href'))!;
  await logOut(page, T);

  // Two professionals find it on /event and register: both get a seat and a ticket.
  for (const person of [amina, baraka]) {
    await logIn(page, T, person.email);
    await page.goto(`/event?search=${encodeURIComponent(tag)}`);
    await expect(page.getByRole('status').filter({ hasText: T.found })).toHaveText(T.found);
    await page.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.getByRole('button', { name: T.register, exact: true }).click();
    await expect(toasts(page, T)).toContainText(T.registered(title));
    await expect(page.getByText(T.showTicket)).toBeVisible();
    await expect(page.locator('.ticket-code')).toHaveText(/^[0-9A-Z]{4}-[0-9A-Z]{6}$/);
    await fits();
    await logOut(page, T);
  }

  // The third, a visitor, finds it full, presses Join the waiting list, logs in, comes back and is asked once
  // more: she is put on the waiting list.
  await page.goto(eventPath);
  await page.getByRole('button', { name: T.joinWaitlist, exact: true }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel(T.email).fill(chebet.email);
  await page.getByLabel(T.password).fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: T.logIn }).click();
  const ask = page.getByRole('dialog', { name: T.askToRegister(title) });
  await ask.getByRole('button', { name: T.joinWaitlist }).click();
  await expect(toasts(page, T)).toContainText(T.waitlistedToast);
  await expect(page.getByText(T.waitlistedText)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
  await logOut(page, T);

  // Baraka cancels; his seat goes to Chebet at once.
  await logIn(page, T, baraka.email);
  await page.goto(eventPath);
  await page.getByRole('button', { name: T.cancelRegistration }).click();
  await page
    .getByRole('dialog', { name: T.cancelDialog })
    .getByRole('button', { name: T.cancelRegistration })
    .click();
  await expect(toasts(page, T)).toContainText(T.cancelledToast);
  await logOut(page, T);

  const codes: Record<string, string> = {};
  for (const person of [chebet, amina]) {
    await logIn(page, T, person.email);
    if (person === chebet) {
      // Chebet is told in her inbox that the freed seat is hers.
      await page.goto('/notifications');
      await expect(page.getByRole('main')).toContainText(T.seatIsYours(title));
    }
    await page.goto(eventPath);
    await expect(page.getByText(T.showTicket)).toBeVisible();
    codes[person.name] = (await page.locator('.ticket-code').textContent())!;
    await logOut(page, T);
  }

  // The clinic: both seats taken, the list and its CSV, then two check-ins by typed code.
  await logIn(page, T, clinic.email);
  await page.goto('/clinicdashboard');
  await expect(card).toContainText(T.seatsTaken(2, 2));
  await card.getByRole('button', { name: T.attendees, exact: true }).click();
  const attendees = card.getByRole('region', { name: T.attendeesOf(title) });
  await expect(attendees.getByRole('listitem')).toHaveCount(3);
  await expect(attendees.getByRole('listitem').filter({ hasText: 'Baraka Otieno' })).toContainText(
    T.cancelledRegistration,
  );
  const csv = await downloaded(page, () => attendees.getByRole('button', { name: T.csv }).click());
  const text = csv.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text).toContain('"Amina Wanjiru"');
  expect(text).toContain('"Chebet Kiprop"');
  // The two confirmed seats in words, each with its ticket code (what the door checks).
  const confirmed = text.split('\r\n').filter((line) => line.includes('"Confirmed"'));
  expect(confirmed).toHaveLength(2);
  for (const name of ['Amina Wanjiru', 'Chebet Kiprop'])
    expect(confirmed.find((line) => line.includes(`"${name}"`))).toContain(`"${codes[name]}"`);

  // Check-in is the event's own screen, a tap from its card: the last result large, the count under way.
  await card.getByRole('link', { name: T.checkinLink(title), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${eventPath}/checkin$`));
  const code = page.getByLabel(T.ticketCode);
  const result = page.locator('.door-result-title');
  await expect(page.getByText(T.count(0, 2))).toBeVisible();
  for (const [n, name] of ['Amina Wanjiru', 'Chebet Kiprop'].entries()) {
    await code.fill(codes[name]!.toLowerCase());
    await page.getByRole('button', { name: T.checkIn, exact: true }).click();
    await expect(result).toHaveText(T.checkedIn(name));
    await expect(page.getByText(T.count(n + 1, 2))).toBeVisible();
  }
  // A second scan is no error: it says since when.
  await code.fill(codes['Amina Wanjiru']!);
  await page.getByRole('button', { name: T.checkIn, exact: true }).click();
  await expect(result).toHaveText(T.already('Amina Wanjiru'));
  await fits();
  await logOut(page, T);

  // The attendee: this year's points and the certificate, which the public verify page confirms.
  await logIn(page, T, amina.email);
  await page.goto('/userdashboard');
  await expect(
    page.getByRole('region', { name: T.myEvents }).getByRole('link', { name: title }),
  ).toBeVisible();
  const cpd = page.getByRole('region', { name: T.cpd(Number(when.date.slice(0, 4))) });
  await expect(cpd.getByText(T.threePoints, { exact: true })).toBeVisible();
  const certificate = cpd.getByRole('article', { name: title });
  const pdf = await downloaded(page, () =>
    certificate.getByRole('button', { name: T.download(title) }).click(),
  );
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await fits();
  await certificate.getByRole('link', { name: T.verifyLink }).click();
  await expect(page).toHaveURL(/\/event\/certificates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: T.genuine })).toBeVisible();
  // It shows what the certificate says, to compare with the paper, and that the clinic (a fresh account)
  // is not an organisation the platform verified.
  await expect(page.getByRole('main')).toContainText(title);
  await expect(page.getByRole('main')).toContainText(`Nakuru Family Clinic ${tag}`);
  await expect(page.getByRole('alert')).toContainText(T.issuerNotVerified);
  await page.goto('/event/certificates/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: T.notFound })).toBeVisible();
}

test.describe('Events', () => {
  test.use({ timezoneId: 'Africa/Nairobi' });

  test('a clinic runs an event with 2 seats: three register, one cancels, the waiting list moves up; CSV, check-in, certificate', async ({
    page,
  }) => {
    await journey(page, TEXTS.en, 1280);
  });

  test.describe('on a phone in Kiswahili', () => {
    test.use({ locale: 'sw', viewport: { width: 360, height: 740 } });

    test('the same journey at 360 px in Kiswahili @phone', async ({ page }) => {
      await journey(page, TEXTS.sw, 360);
    });
  });
});
