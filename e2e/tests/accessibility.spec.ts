import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectHeadingOutline, uniqueEmail } from './helpers';

/**
 * Every page and state through axe-core (0 serious or critical violations) at phone and desktop width in
 * English, Kiswahili and French. The language comes from the browser, as on a first visit; the session
 * from the stored one, so each page is reached directly.
 */
// Each test checks several pages, axe taking seconds on each: more than one journey's time. The states are
// independent of each other (each test arrives at its pages directly): Playwright splits them between the
// workers, each running beforeAll once for its share (the accounts and data below are per worker).
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
const PASSWORD = 'a good long password';
const LANGUAGES = ['en', 'sw', 'fr'] as const;
const WIDTHS = [360, 1280] as const;

type Account = { token: string; user: unknown };
let clinic: Account;
let professional: Account;
let jobId: string;
let eventId: string;
// An event starting within the hour (check-in open) she holds a seat at: the check-in screen's states.
let doorEventId: string;
let doorCode: string;
let discussionId: string;
let staffId: string;
// A second job nobody has applied for: its apply dialog. Each worker loads this file and posts its own, maybe
// in the same millisecond: the random part keeps the title (which the board is searched by) its own.
const openJob = `Ward Clerk ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function account(api: APIRequestContext, role: 'user' | 'Clinic', name: string): Promise<Account> {
  const email = uniqueEmail(`a11y-${role.toLowerCase()}`);
  const reg = await api.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, phone: '+254 700 123 456' },
  });
  expect(reg.status()).toBe(201);
  const login = await api.post('/api/user/login', { data: { email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return (await login.json()) as Account;
}

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  clinic = await account(api, 'Clinic', 'Kisumu Care Clinic');
  professional = await account(api, 'user', 'Achieng Otieno');
  const auth = (a: Account) => ({ Authorization: `Bearer ${a.token}` });
  // Her dashboard's own sections filled in: a job alert (the jobs below notify her) and a stored CV.
  const alert = await api.post('/api/job/alerts', {
    headers: auth(professional),
    data: { query: { location: 'Kisumu' } },
  });
  expect(alert.status()).toBe(201);
  const cv = await api.put('/api/cv?name=achieng-otieno.pdf', {
    headers: { ...auth(professional), 'content-type': 'application/pdf' },
    data: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  });
  expect(cv.ok()).toBe(true);
  const job = await api.post('/api/job/add', {
    headers: auth(clinic),
    data: {
      title: 'Theatre Nurse',
      organization: 'Kisumu Care Clinic',
      department: 'Surgery',
      location: 'Kisumu, Kenya',
      type: 'Contract',
      description: 'Scrub and circulate in a busy theatre. Nursing Council practising licence required.',
    },
  });
  expect(job.ok()).toBe(true);
  const body = (await job.json()) as { data: { id: string } };
  const second = await api.post('/api/job/add', {
    headers: auth(clinic),
    data: {
      title: openJob,
      organization: 'Kisumu Care Clinic',
      location: 'Kisumu, Kenya',
      type: 'Part-time',
      description: 'Front desk and records.',
    },
  });
  expect(second.ok()).toBe(true);
  jobId = body.data.id;
  const applied = await api.post('/api/application/apply', {
    headers: auth(professional),
    data: {
      jobId,
      fullName: 'Achieng Otieno',
      email: 'achieng.otieno.theatre@e2e.example',
      phoneNumber: '+254 700 123 456',
      coverLetter: 'Five years in theatre at a county referral hospital; happy to work nights and weekends.',
      resumeUrl: 'https://cv.example.org/achieng-otieno-curriculum.pdf',
    },
  });
  expect(applied.ok()).toBe(true);
  const saved = await api.put(`/api/job/${jobId}/save`, { headers: auth(professional) });
  expect(saved.ok()).toBe(true);
  // An event with seats and CPD points, which she registered for: /event, its page and both dashboards.
  const event = await api.post('/api/event/add', {
    headers: auth(clinic),
    data: {
      title: 'Neonatal resuscitation refresher',
      description:
        'Hands-on practice of the newborn life-support algorithm. Bring your practising licence number.',
      category: 'Training',
      date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
      time: '09:30',
      location: 'Kisumu County Referral Hospital',
      speaker: { name: 'Dr. Achieng Otieno', designation: 'Consultant Paediatrician' },
      tags: ['CPD', 'Neonatal'],
      capacity: 20,
      cpdPoints: 3,
    },
  });
  expect(event.status()).toBe(201);
  eventId = ((await event.json()) as { data: { id: string } }).data.id;
  const registered = await api.post(`/api/event/${eventId}/registrations`, { headers: auth(professional) });
  expect(registered.status()).toBe(201);
  const inAnHour = new Date(Date.now() + 60 * 60_000 + 3 * 3600_000).toISOString();
  const door = await api.post('/api/event/add', {
    headers: auth(clinic),
    data: {
      title: 'Infection prevention briefing',
      description: 'Hand hygiene audit results and the new isolation room checklist.',
      category: 'Meeting',
      date: inAnHour.slice(0, 10),
      time: inAnHour.slice(11, 16),
      location: 'Kisumu County Referral Hospital',
      capacity: 30,
    },
  });
  expect(door.status()).toBe(201);
  doorEventId = ((await door.json()) as { data: { id: string } }).data.id;
  const seat = await api.post(`/api/event/${doorEventId}/registrations`, { headers: auth(professional) });
  expect(seat.status()).toBe(201);
  doorCode = ((await seat.json()) as { data: { ticketCode: string } }).data.ticketCode;
  // Connect: the clinic's discussion with her reply, and her request to connect with the clinic (once the
  // directory has heard of both accounts: it learns of them through events).
  const discussion = await api.post('/api/discussion/add', {
    headers: auth(clinic),
    data: {
      title: 'Oxygen concentrators in rural clinics',
      category: 'Medical Supply Chain',
      visibility: 'Public',
      content: 'Who services **oxygen** concentrators in Kisumu county? Our two are due for maintenance.',
    },
  });
  expect(discussion.status()).toBe(201);
  discussionId = ((await discussion.json()) as { data: { id: string } }).data.id;
  await expect(async () => {
    const reply = await api.post(`/api/discussion/${discussionId}/replies`, {
      headers: auth(professional),
      data: { content: 'We use the county biomedical workshop; ask for the *oxygen* technician.' },
    });
    expect(reply.status()).toBe(201);
  }).toPass({ timeout: 20_000 });
  // Core HR: a location and two imported staff with licences (one expiring soon), for /hr and a record.
  const located = await api.post('/api/core/locations', { headers: auth(clinic), data: { name: 'Kisumu' } });
  expect(located.status()).toBe(201);
  const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  // A council's licence number is one person's across the platform: each worker's import has its own.
  const licence = `NCK/${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const imported = await api.post('/api/core/staff/import', {
    headers: { ...auth(clinic), 'content-type': 'text/csv' },
    data: [
      'email,name,profession,location,licence council,licence number,licence expires on',
      `${uniqueEmail('a11y-nurse')},Wanjiku Achieng,Nurse,Kisumu,NCK,${licence},${soon}`,
      `${uniqueEmail('a11y-nurse')},Baraka Otieno,Nurse,Kisumu,,,`,
    ].join('\n'),
  });
  expect(imported.ok()).toBe(true);
  const listed = await api.get('/api/core/staff?search=Wanjiku', { headers: auth(clinic) });
  staffId = ((await listed.json()) as { data: { id: string }[] }).data[0]!.id;
  const clinicId = (clinic.user as { id: string }).id;
  await expect(async () => {
    const request = await api.post('/api/connect/requests', {
      headers: auth(professional),
      data: { userId: clinicId },
    });
    expect(request.status()).toBe(201);
  }).toPass({ timeout: 20_000 });
  await api.dispose();
});

/** The stored session and cookie choice a returning visitor has. */
async function arrive(page: Page, as: Account | null, cookies: 'accepted' | null = 'accepted') {
  await page.addInitScript(
    ([session, choice]) => {
      if (session) localStorage.setItem('afya.session', JSON.stringify({ state: session, version: 0 }));
      if (choice) localStorage.setItem('afya.cookieConsent', choice);
    },
    [as ? { token: as.token, user: as.user } : null, cookies] as const,
  );
}

/** No serious or critical axe violation, one h1 and no skipped heading level. */
async function check(page: Page, label: string) {
  await expectAccessible(page, label);
  await expectHeadingOutline(page, label);
}

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Texts and data arrive after the heading; check once nothing is loading.
  await expect(page.locator('.spinner')).toHaveCount(0);
}

test('the check fails on a serious violation and names it', async ({ page }) => {
  await page.setContent(
    '<html lang="en"><head><title>t</title></head><body><main><h1>Applicants</h1>' +
      '<p style="color:#ccc;background:#fff">Pale text</p>' +
      '<button aria-label="Reject Amina">Accept</button></main></body></html>',
  );
  const failure = await expectAccessible(page, 'a bad page').catch((e: Error) => e.message);
  expect(failure).toContain('color-contrast (serious)');
  expect(failure).toContain('label-content-name-mismatch (serious)');
});

for (const lng of LANGUAGES) {
  for (const width of WIDTHS) {
    test.describe(`${lng} at ${width} px`, () => {
      test.use({ locale: lng, viewport: { width, height: width === 360 ? 740 : 800 } });
      const at = (what: string) => `${what} (${lng}, ${width} px)`;

      test('the landing page, its open states, the cookie banner and the menu', async ({ page }) => {
        await arrive(page, null, null);
        await visit(page, '/');
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await check(page, at('landing with the cookie banner'));
        await page.locator('.cookie-banner').getByRole('button').first().click();
        // How it works (accordion) with its second step open, and the features' second tab or panel.
        await page.locator('#how-title, [aria-labelledby="how-title"]').first().scrollIntoViewIfNeeded();
        const steps = page.locator('.accordion button[aria-expanded]');
        await steps.nth(1).click();
        if (width === 1280) await page.getByRole('tab').nth(1).click();
        await check(page, at('landing with a step and a feature open'));

        if (width === 360) {
          const toggle = page.getByRole('banner').getByRole('button', { expanded: false });
          await toggle.click();
          await check(page, at('mobile menu open'));
          // Focus stays in the menu both ways, and Escape gives it back to the toggle.
          for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')]) {
            await page.keyboard.press(key);
            expect(await page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
          }
          await page.keyboard.press('Escape');
          await expect(page.getByRole('banner').getByRole('button', { expanded: false })).toBeFocused();
          await page.mouse.wheel(0, 1200);
          await expect(page.getByRole('banner')).toHaveClass(/is-scrolled/);
          await check(page, at('landing scrolled (dark bar)'));
          await toggle.click();
          await check(page, at('mobile menu open after scrolling'));
          await page.keyboard.press('Escape');
        } else {
          await page.mouse.wheel(0, 1200);
          await expect(page.getByRole('banner')).toHaveClass(/is-scrolled/);
          await check(page, at('landing scrolled (dark bar)'));
        }
      });

      test('the other public pages, a form with its errors, the board and the 404', async ({ page }) => {
        await arrive(page, null);
        for (const path of ['/core', '/pricing', '/login']) {
          await visit(page, path);
          await check(page, at(path));
        }
        await visit(page, '/signup');
        await page.getByRole('main').locator('button[type="submit"]').click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await check(page, at('/signup with errors shown'));

        await visit(page, '/hire');
        await check(page, at('/hire'));
        if (width === 360) {
          await page.locator('.filters-toggle').click();
          await expect(page.getByRole('search')).toBeVisible();
          await check(page, at('/hire with the filters open'));
        }
        await visit(page, `/hire/${jobId}`);
        await check(page, at('a job page'));

        await page.goto('/no-such-page');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await check(page, at('404'));
      });

      test('the events list, its filters and an event page', async ({ page }) => {
        await arrive(page, null);
        await visit(page, '/event');
        await expect(page.getByRole('article').first()).toBeVisible();
        await check(page, at('/event'));
        if (width === 360) {
          await page.locator('.filters-toggle').click();
          await expect(page.getByRole('search')).toBeVisible();
          await check(page, at('/event with the filters open'));
        }
        await visit(page, `/event/${eventId}`);
        await check(page, at('an event page'));
      });

      test('Connect: the directory and discussions, the new discussion dialog, a discussion and my network', async ({
        page,
      }) => {
        await arrive(page, null);
        await visit(page, '/connect');
        await expect(page.locator('.person-card').first()).toBeVisible();
        await check(page, at('/connect for a visitor'));
        if (width === 360) {
          await page.locator('.filters-toggle').click();
          await expect(page.getByRole('search').first()).toBeVisible();
          await check(page, at('/connect with the filters open'));
        }
        await arrive(page, professional);
        await visit(page, '/connect');
        await expect(page.locator('.person-card').first()).toBeVisible();
        await check(page, at('/connect signed in'));
        await visit(page, `/connect/people/${(clinic.user as { id: string }).id}`);
        await expect(page.locator('.person-page h1')).toBeVisible();
        await check(page, at("a professional's page"));
        await visit(page, '/connect/discussions');
        await expect(page.locator('.discussion-item').first()).toBeVisible();
        await check(page, at('/connect/discussions signed in'));
        await page.locator('.connect-section .section-head .btn').click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(page, at('the new discussion dialog'));
        await visit(page, `/connect/discussions/${discussionId}`);
        await expect(page.locator('.reply').first()).toBeVisible();
        await check(page, at('a discussion with a reply'));
        await visit(page, '/connect/network');
        await expect(page.locator('.network-list').first()).toBeVisible();
        await check(page, at('/connect/network'));
      });

      test("a professional's pages and the apply dialog", async ({ page }) => {
        await arrive(page, professional);
        await visit(page, '/userdashboard');
        await expect(page.getByRole('article').first()).toBeVisible();
        await check(page, at('/userdashboard'));
        await visit(page, '/profile');
        await expect(page.getByRole('main').locator('form')).toBeVisible();
        await check(page, at('/profile'));
        await visit(page, '/notifications');
        await check(page, at('/notifications'));
        await visit(page, `/hire/${jobId}`);
        await check(page, at('a job page she applied to and saved'));
        await visit(page, `/event/${eventId}`);
        await expect(page.locator('.ticket img')).toBeVisible();
        await check(page, at('an event page with her ticket'));
        await visit(page, `/hire?title=${encodeURIComponent(openJob)}`);
        await page
          .getByRole('article')
          .filter({ hasText: openJob })
          // Apply: the card's one primary button (Save/Unsave and the disclosure are secondary).
          .locator('button.btn-primary')
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(page, at('apply dialog open'));
      });

      test('Core HR: /hr, a staff record, the import preview and /hr/me', async ({ page }) => {
        await arrive(page, clinic);
        await visit(page, '/hr');
        await expect(page.locator('.hr-figures')).toBeVisible();
        await check(page, at('/hr'));
        await visit(page, `/hr/staff/${staffId}`);
        await expect(page.locator('.hr-verify')).toBeVisible();
        await check(page, at('a staff record with a licence to verify'));
        await visit(page, '/hr/import');
        await page.locator('textarea').fill('email,name,location\nnot-an-address,Someone,Nowhere');
        await page.locator('.row button.btn-secondary').click();
        await expect(page.locator('.hr-list li')).toHaveCount(2);
        await check(page, at('/hr/import with its problems'));
        // Trainings: the member search, and the form that sets a training and whom it is required of.
        await visit(page, '/hr/trainings');
        await page.locator('section[aria-labelledby="training-types"] > button').click();
        await expect(page.locator('section[aria-labelledby="training-types"] form')).toBeVisible();
        await check(page, at('/hr/trainings with a training being added'));
      });

      test('Core HR: a professional on /hr/me', async ({ page }) => {
        await arrive(page, professional);
        await visit(page, '/hr/me');
        await check(page, at('/hr/me'));
      });

      test("the clinic's billing and checkout", async ({ page }) => {
        await arrive(page, clinic);
        await visit(page, '/billing');
        await expect(page.locator('#plan-title')).toBeVisible();
        await check(page, at('/billing with the plan'));
        await visit(page, '/billing/checkout?items=hire');
        await expect(page.locator('input[type="tel"]')).toBeVisible();
        await check(page, at('the checkout'));
        await visit(page, '/pricing?choose=hire');
        await expect(page.locator('.addon-chosen')).toBeVisible();
        await check(page, at('/pricing for a clinic, Hire chosen'));
      });

      test('the check-in screen: ready, a wrong code kept, a check-in', async ({ page }) => {
        await arrive(page, clinic);
        await visit(page, `/event/${doorEventId}/checkin`);
        await expect(page.locator('.door-count')).not.toBeEmpty();
        await check(page, at('the check-in screen'));
        const code = page.locator('.door-form input');
        await code.fill(`${doorCode.slice(0, -1)}${doorCode.endsWith('A') ? 'B' : 'A'}`);
        await code.press('Enter');
        await expect(page.locator('.door-result-error')).toBeVisible();
        await check(page, at('the check-in screen with a wrong code'));
        await code.fill(doorCode);
        await code.press('Enter');
        // The first run on a worker checks her in; the others there find her already checked in.
        await expect(page.locator('.door-result-ok, .door-result-already')).toBeVisible();
        await expect(page.locator('.door-earlier')).toBeVisible();
        await check(page, at('the check-in screen after a check-in'));
      });

      test('the clinic dashboard with applicants open', async ({ page }) => {
        await arrive(page, clinic);
        await visit(page, '/clinicdashboard');
        const card = page.getByRole('article').filter({ hasText: 'Theatre Nurse' });
        await card.locator('button[aria-expanded="false"]').first().click();
        await expect(card.locator('.applicant')).toBeVisible();
        await check(page, at('/clinicdashboard with applicants open'));
        // Accept (the primary action, after Shortlist) asks first, with an optional message to the applicant.
        await card.locator('.applicant .job-actions button.btn-primary').first().click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(page, at('the decision dialog'));
      });
    });
  }
}
