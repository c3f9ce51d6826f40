import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, uniqueEmail } from './helpers';

/**
 * Issue 39, item 5: the door. On a phone (360 px) in Kiswahili the organiser opens the event's check-in
 * screen in one tap (from the dashboard's event card, and from the event's page), types a wrong code (it
 * stays, the error stands large in place), corrects it, and sees the attendee checked in and the count move.
 */
const PASSWORD = 'a good long password';

type Account = { token: string; user: { id: string } };

async function account(api: APIRequestContext, role: 'user' | 'Clinic', name: string): Promise<Account> {
  const email = uniqueEmail(`door-${role.toLowerCase()}`);
  const reg = await api.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, phone: '+254 700 123 456' },
  });
  expect(reg.status()).toBe(201);
  const login = await api.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return (await login.json()) as Account;
}
const auth = (a: Account) => ({ Authorization: `Bearer ${a.token}` });

/** Date and time `minutes` from now on Nairobi's clock (UTC+3): check-in is open an hour before. */
function soon(minutes: number) {
  const at = new Date(Date.now() + minutes * 60_000 + 3 * 3600_000).toISOString();
  return { date: at.slice(0, 10), time: at.slice(11, 16) };
}

/** The stored session a returning organiser has, and the cookie banner answered. */
async function arrive(page: Page, as: Account) {
  await page.addInitScript((session) => {
    localStorage.setItem('afya.session', JSON.stringify({ state: session, version: 0 }));
    localStorage.setItem('afya.cookieConsent', 'accepted');
  }, as);
}

const SW = {
  checkin: 'Thibitisha kuwasili',
  openCheckin: 'Fungua uthibitisho wa kuwasili',
  heading: (title: string) => `Kuthibitisha kuwasili: ${title}`,
  count: (n: number, of: number) => `${n} kati ya ${of} wamethibitishwa kuwasili`,
  ready: 'Andika nambari ya tiketi au changanua tiketi: matokeo yataonekana hapa.',
  code: 'Nambari ya tiketi',
  checkIn: 'Thibitisha',
  notFound: 'Tiketi haikupatikana',
  notFoundText: (code: string) => `Hakuna tiketi yenye nambari ${code}.`,
  checkedIn: (name: string) => `Amethibitishwa kuwasili: ${name}`,
  already: (name: string) => `Alishathibitishwa kuwasili: ${name}`,
  at: /Wakati: saa \d{1,2}:\d{2} (usiku|alfajiri|asubuhi|mchana|jioni)\./,
  since: /Tangu saa \d{1,2}:\d{2} (usiku|alfajiri|asubuhi|mchana|jioni):/,
};

test.describe('the check-in screen', () => {
  test.use({ locale: 'sw', viewport: { width: 360, height: 740 }, timezoneId: 'Africa/Nairobi' });

  test('on a phone in Kiswahili: one tap to the screen, a wrong code kept and corrected, the count moves @phone', async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const api = await playwright.request.newContext({ baseURL });
    const tag = Date.now().toString(36);
    const title = `Huduma ya kwanza ${tag}`;
    const clinic = await account(api, 'Clinic', `Kliniki ya Nakuru ${tag}`);
    const created = await api.post('/api/event/add', {
      headers: auth(clinic),
      data: {
        title,
        description: 'Mafunzo ya vitendo ya huduma ya kwanza kwa watoto wachanga.',
        category: 'Training',
        ...soon(60),
        location: 'Hospitali ya Rufaa ya Nakuru',
        capacity: 30,
      },
    });
    expect(created.status()).toBe(201);
    const eventId = ((await created.json()) as { data: { id: string } }).data.id;
    // Two registered; each one's short ticket code, as printed under the QR code.
    const codes: Record<string, string> = {};
    for (const name of ['Amina Wanjiru', 'Baraka Otieno']) {
      const person = await account(api, 'user', name);
      const seat = await api.post(`/api/event/${eventId}/registrations`, { headers: auth(person) });
      expect(seat.status()).toBe(201);
      codes[name] = ((await seat.json()) as { data: { ticketCode: string } }).data.ticketCode;
    }
    await api.dispose();
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // One tap from the dashboard's event card.
    await arrive(page, clinic);
    await page.goto('/clinicdashboard');
    const card = page.getByRole('article', { name: title });
    await card.getByRole('link', { name: `${SW.checkin}: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}/checkin$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SW.heading(title));
    await expect(page.getByText(SW.count(0, 2))).toBeVisible();
    const result = page.locator('.door-result');
    await expect(result).toHaveAttribute('aria-live', 'polite');
    await expect(result).toHaveText(SW.ready);
    await fits();

    // A typo: the last character wrong. The code stays in the field, the result says so in words.
    const code = page.getByLabel(SW.code);
    const right = codes['Amina Wanjiru']!;
    const wrong = `${right.slice(0, -1)}${right.endsWith('A') ? 'B' : 'A'}`;
    await code.fill(wrong);
    await page.getByRole('button', { name: SW.checkIn, exact: true }).click();
    await expect(result.locator('.door-result-title')).toHaveText(SW.notFound);
    await expect(result).toContainText(SW.notFoundText(wrong));
    await expect(code).toHaveValue(wrong);
    await expect(code).toBeFocused();
    await expect(page.getByText(SW.count(0, 2))).toBeVisible();
    // The title is large: larger than the page's body text.
    const size = await result
      .locator('.door-result-title')
      .evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(size).toBeGreaterThanOrEqual(24);
    await fits();

    // Corrected by keyboard: one character, then Enter.
    await code.press('Backspace');
    await code.press(right.slice(-1));
    await code.press('Enter');
    await expect(result.locator('.door-result-title')).toHaveText(SW.checkedIn('Amina Wanjiru'));
    // The time on the Swahili clock with its part of the day ("saa 3:42 asubuhi"), never "saa 09:42".
    await expect(result).toContainText(SW.at);
    await expect(page.getByText(SW.count(1, 2))).toBeVisible();
    await expect(code).toHaveValue('');
    await expect(code).toBeFocused();
    await fits();
    await expectAccessible(page, 'the check-in screen after a check-in (sw, 360 px)');

    // From the event's own page, the organiser is one tap from the screen too; the same ticket again
    // says since when, and the count holds.
    await page.goto(`/event/${eventId}`);
    await page.getByRole('link', { name: SW.openCheckin }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${eventId}/checkin$`));
    await expect(page.getByText(SW.count(1, 2))).toBeVisible();
    await page.getByLabel(SW.code).fill(right.toLowerCase());
    await page.getByLabel(SW.code).press('Enter');
    await expect(result.locator('.door-result-title')).toHaveText(SW.already('Amina Wanjiru'));
    await expect(result).toContainText(SW.since);
    await expect(page.getByText(SW.count(1, 2))).toBeVisible();
  });
});
