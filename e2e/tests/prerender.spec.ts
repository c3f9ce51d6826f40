import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { uniqueEmail } from './helpers';

// The public pages' HTML is prerendered by the build (scripts/prerender/prerender.ts) and hydrated by the shell.
const HERO_EN = 'Smarter HR for healthcare teams';
const HERO_SW = 'Usimamizi mahiri wa rasilimali watu kwa timu za afya';
const PRERENDERED = ['/', '/core', '/login', '/signup', '/pricing'];
/** Pages that load their data, prerendered as they stand while it loads; each with its h1. */
const DATA_PAGES = [
  { path: '/hire', heading: 'Find your next role in healthcare' },
  { path: '/event', heading: 'CPD events and trainings' },
  { path: '/connect', heading: 'Connect' },
];

/** A new clinic account's token. */
async function clinicToken(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('clinic');
  const password = 'a good long password';
  const registered = await request.post('/api/user/register', {
    data: { name: 'Prerender Clinic', email, password, role: 'Clinic', phone: '' },
  });
  expect(registered.status()).toBe(201);
  const { token } = await (await request.post('/api/user/login', { data: { email, password } })).json();
  return token as string;
}

/** A job on the board, posted through the API by a new clinic account. */
async function postJob(request: APIRequestContext, title: string): Promise<string> {
  const token = await clinicToken(request);
  const res = await request.post('/api/job/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      organization: 'Prerender Clinic',
      location: 'Eldoret, Kenya',
      department: 'Outpatient',
      type: 'Full-time',
      description: 'Morning clinics and home visits.',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** An event tomorrow at 09:30 in Nairobi (soon enough to be on the list's first page), by a new clinic. */
async function postEvent(request: APIRequestContext, title: string): Promise<void> {
  const token = await clinicToken(request);
  const res = await request.post('/api/event/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      description: 'Airway skills for the whole team.',
      category: 'Training',
      date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
      time: '09:30',
      location: 'Eldoret Teaching Hospital',
      speaker: { name: 'Dr. Wanjiru Kamau', designation: 'Anaesthetist' },
      tags: ['CPD'],
      capacity: 30,
      cpdPoints: 2,
    },
  });
  expect(res.status()).toBe(201);
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page shows its hero, navbar and cookie banner, with its own title', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_EN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toBeVisible();
    await expect(page).toHaveTitle(`${HERO_EN} — AfyaHR`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
    await expect(page.getByText('needs JavaScript')).toHaveCount(0);
  });

  test('the pricing and login pages show their headings and titles', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple monthly pricing');
    await expect(page).toHaveTitle('Pricing — AfyaHR');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Monthly plans/);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await expect(page).toHaveTitle('Log in — AfyaHR');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Log in — AfyaHR');
  });

  test('a Kiswahili visitor gets the Kiswahili page; one who answered the banner gets none', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: 'afya.lang', value: 'sw', url: baseURL! },
      { name: 'afya.consent', value: 'accepted', url: baseURL! },
    ]);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_SW);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Nyumbani' })).toBeVisible();
    await expect(page.locator('.cookie-banner')).toHaveCount(0);
  });

  test('the boards show their heading and filters; the job board and the events list their first page, drawn on the server', async ({
    page,
    request,
  }) => {
    const title = `Ward Nurse ${Date.now()}`;
    await postJob(request, title);
    const event = `Airway workshop ${Date.now()}`;
    await postEvent(request, event);
    for (const { path, heading } of DATA_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(
        page
          .getByRole('search')
          .or(page.getByRole('button', { name: /^Filters/ }))
          .first(),
      ).toBeAttached();
      if (path === '/connect') await expect(page.getByRole('status').first()).toContainText(/Loading/);
    }
    // The events list's first page is in the HTML too, each start on the event's own clock, its zone named.
    await expect(async () => {
      await page.goto('/event');
      await expect(page.getByRole('article', { name: event })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    const card = page.getByRole('article', { name: event });
    await expect(card.getByRole('link', { name: event })).toHaveAttribute('href', /^\/event\/[0-9a-f-]{36}$/);
    await expect(card.locator('time')).toHaveText(/09:30 East Africa Time$/);
    await expect(page.getByRole('status').first()).toHaveText(/^\d+ events? found$/);
    await expect(page.getByText(/Loading/)).toBeHidden();
    // The job board's first page is in the HTML (the gateway keeps it a few seconds: it may take a reload).
    await expect(async () => {
      await page.goto('/hire');
      await expect(page.getByRole('article', { name: title })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', /^\/hire\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('status').first()).toHaveText(/^\d+ jobs? found$/);
    await expect(page.getByText(/Loading/)).toBeHidden();
    // Nothing to press that would do nothing: Apply waits for the scripts.
    await expect(page.getByRole('button', { name: `Apply for ${title}` })).toBeDisabled();
    // The phone's layout: the filters folded behind their button, so the first results come first.
    await expect(page.getByRole('button', { name: 'Filters (0)' })).toBeVisible();
  });

  test("a job's own page shows the job, drawn on the server, with its way back and its title for sharing", async ({
    page,
    request,
  }) => {
    const id = await postJob(request, 'Outreach Nurse, prerendered');
    await page.goto(`/hire/${id}`);
    await expect(page.getByRole('link', { name: 'Back to all jobs' })).toHaveAttribute('href', '/hire');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outreach Nurse, prerendered');
    await expect(page.getByText('Morning clinics and home visits.')).toBeVisible();
    await expect(page.getByText('Loading the job…')).toBeHidden();
    await expect(page).toHaveTitle('Outreach Nurse, prerendered | AfyaHR');
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
    // A job that does not exist: the page as it stands while loading (its scripts will say it is gone).
    await page.goto('/hire/00000000-0000-4000-8000-00000000dead');
    await expect(page.getByRole('status')).toHaveText('Loading the job…');
  });

  test('a browser asking for French first gets the French page', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Accueil' })).toBeVisible();
    await context.close();
  });
});

/** Console errors (hydration mismatches are reported there) and page errors, from now on. */
function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** Keeps the prerendered h1 as parsed, before any script runs, to compare with the one after hydration. */
async function keepFirstHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
    });
  });
}

/** Hydrated: React has attached itself to the prerendered heading, which is still the same node. */
async function expectHydratedInPlace(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const first = (window as unknown as { firstH1: Element | null }).firstH1;
        if (!first) return 'no prerendered h1';
        if (!Object.keys(first).some((k) => k.startsWith('__reactFiber'))) return 'not hydrated yet';
        return first.isConnected && first === document.querySelector('h1') ? 'same node' : 'replaced';
      }),
    )
    .toBe('same node');
}

test.describe('with JavaScript on', () => {
  test('each prerendered page hydrates in place, with no error', async ({ page }) => {
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    for (const path of PRERENDERED) {
      await page.goto(path);
      await expectHydratedInPlace(page);
    }
    expect(errors).toEqual([]);
  });

  test('each board hydrates in place, then shows its data, with no error', async ({ page, request }) => {
    const title = `Clinic Nurse ${Date.now()}`;
    await postJob(request, title);
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    for (const { path } of DATA_PAGES) {
      await page.goto(path);
      await expectHydratedInPlace(page);
      await expect(page.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
    }
    await page.goto('/hire');
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    // On a wide screen the filters unfold beside the list once hydrated.
    await expect(page.getByRole('search')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("on a phone, the job board's cards drawn on the server give way to the page's own without a jump", async ({
    page,
    request,
  }) => {
    const title = `Clinic Officer ${Date.now()}`;
    await postJob(request, title);
    await page.setViewportSize({ width: 360, height: 800 });
    const errors = errorsOf(page);
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: number; serverCards: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          w.serverCards = document.querySelectorAll('#afya-first-screen article').length;
      });
    });
    await expect(async () => {
      await page.goto('/hire');
      // Once the page's own render has them, the cards' buttons work.
      await expect(page.getByRole('button', { name: `Apply for ${title}` })).toBeEnabled({ timeout: 3000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.locator('#afya-first-screen')).toHaveCount(0);
    const seen = await page.evaluate(() => {
      const { shifts, serverCards } = window as unknown as { shifts: number; serverCards: number };
      return { shifts, serverCards };
    });
    expect(seen.serverCards).toBeGreaterThan(0);
    expect(seen.shifts).toBeLessThan(0.01);
    expect(errors).toEqual([]);
  });

  test.describe('in Nairobi', () => {
    // A visitor on the events' own clock: the page's own render writes each start as the server did.
    test.use({ timezoneId: 'Africa/Nairobi' });
    test("on a phone, the events list's cards drawn on the server give way to the page's own without a jump", async ({
      page,
      request,
    }) => {
      const title = `Triage refresher ${Date.now()}`;
      await postEvent(request, title);
      await page.setViewportSize({ width: 360, height: 800 });
      const errors = errorsOf(page);
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number; serverCards: number };
        w.shifts = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('readystatechange', () => {
          if (document.readyState === 'interactive')
            w.serverCards = document.querySelectorAll('#afya-first-screen article').length;
        });
      });
      await expect(async () => {
        await page.goto('/event');
        await expect(page.locator('#afya-first-screen')).toHaveCount(0, { timeout: 3000 });
        await expect(page.getByRole('article', { name: title })).toBeVisible({ timeout: 1000 });
        const seen = await page.evaluate(() => (window as unknown as { serverCards: number }).serverCards);
        expect(seen).toBeGreaterThan(0);
      }).toPass({ timeout: 20_000 });
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
      expect(shifts).toBeLessThan(0.01);
      expect(errors).toEqual([]);
    });
  });

  test("a job's own page hydrates in place, then shows the job", async ({ page, request }) => {
    const title = `Theatre Nurse ${Date.now()}`;
    const id = await postJob(request, title);
    const errors = errorsOf(page);
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          (window as unknown as { back: Element | null }).back = document.querySelector('main a');
      });
    });
    await page.goto(`/hire/${id}`);
    // The job is on the page from the start (drawn on the server); the way back is hydrated in place.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const back = (window as unknown as { back: Element | null }).back;
          return !!back?.isConnected && Object.keys(back).some((k) => k.startsWith('__reactFiber'));
        }),
      )
      .toBe(true);
    // Then the page's own render has the job: its Apply works.
    await expect(page.getByRole('button', { name: 'Apply for this job' })).toBeEnabled();
    await expect(page.locator('#afya-first-screen')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('the hydrated landing page is interactive: the navbar navigates', async ({ page }) => {
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    await page.goto('/');
    await expectHydratedInPlace(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple monthly pricing');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a Kiswahili visitor hydrates the Kiswahili page; one whose cookie is gone is switched to French after it', async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    // The choice made on the site sets the cookie the next page is chosen by.
    await page.goto('/core');
    await page.getByRole('banner').getByLabel('Language').selectOption('sw');
    await page.goto('/');
    await expectHydratedInPlace(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HERO_SW);
    // A stored choice the cookie does not know (cleared cookies): English HTML, then the visitor's French.
    await page.context().clearCookies();
    await page.evaluate(() =>
      localStorage.setItem('afya.language', JSON.stringify({ state: { language: 'fr' }, version: 0 })),
    );
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Accueil' })).toBeVisible();
    // Known limit: this switch re-creates the page's tree (its h1 is a new node), so only the outcome is checked.
    expect(errors).toEqual([]);
  });

  test('on a slow phone, a language picked while the page is still being hydrated is taken, the page kept', async ({
    page,
  }) => {
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    // A phone 8 times slower than this machine: the page's parts are attached one after the other.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    for (let visit = 0; visit < 5; visit++) {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.goto('/core', { waitUntil: 'commit' });
      // As soon as the selector can be used: the page below it may not be attached yet.
      await page.getByRole('banner').getByLabel('Language').selectOption('sw');
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Nyumbani' })).toBeVisible();
      // Not drawn again: React attached to the HTML it was given, then switched its language.
      await expectHydratedInPlace(page);
    }
    expect(errors).toEqual([]);
  });

  test('a signed-in visitor hydrates the public page, then sees their own navbar', async ({ page }) => {
    const errors = errorsOf(page);
    await keepFirstHeading(page);
    await page.goto('/');
    // A session as the shell stores it: the navbar switches without a request (the bell's 401 aside).
    await page.evaluate(() =>
      localStorage.setItem(
        'afya.session',
        JSON.stringify({
          state: { token: 'not-checked', user: { id: 'u1', name: 'Amina', email: 'a@x.org', role: 'user' } },
          version: 0,
        }),
      ),
    );
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 200, json: { success: true, data: { items: [], unread: 0 } } }),
    );
    await page.goto('/');
    await expectHydratedInPlace(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log in' })).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
