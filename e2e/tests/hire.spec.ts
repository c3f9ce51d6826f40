import { expect, test, type Page } from '@playwright/test';
import { acceptApplicant, acceptCookies, expectAccessible, logInOk, logOut, uniqueEmail } from './helpers';

const PASSWORD = 'a good long password';

/** Accounts are made through the API (the signup screen has its own journey in auth.spec). */
async function register(page: Page, name: string, role: 'user' | 'Clinic') {
  const email = uniqueEmail(role.toLowerCase());
  const res = await page.request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, phone: role === 'user' ? '+254 700 123 456' : '' },
  });
  expect(res.status()).toBe(201);
  return { name, email };
}

interface NewJob {
  title: string;
  department: string;
  type: string;
  location?: string;
  /** Whole shillings per month (the form's default period). */
  salary?: { min: number; max: number };
  experience?: string;
  closesAt?: string;
}

async function postJob(page: Page, job: NewJob) {
  const form = page.getByRole('region', { name: 'Post New Job' });
  await form.getByLabel('Job Title').fill(job.title);
  await form.getByLabel('Location').fill(job.location ?? 'Nakuru, Kenya');
  await form.getByLabel('Department').fill(job.department);
  await form.getByLabel('Job Type').selectOption(job.type);
  if (job.salary) {
    const salary = form.getByRole('group', { name: 'Salary Range' });
    await salary.getByLabel('Lowest salary (Ksh)').fill(String(job.salary.min));
    await salary.getByLabel('Highest salary (Ksh)').fill(String(job.salary.max));
    await expect(salary.getByLabel('Paid per')).toHaveValue('month');
  }
  if (job.experience) await form.getByLabel('Experience level').selectOption({ label: job.experience });
  if (job.closesAt) await form.getByLabel('Closing date').fill(job.closesAt);
  await form
    .getByLabel('Description')
    .fill('Night shifts on the maternity ward. Nursing Council licence required.');
  await form.getByRole('button', { name: 'Post Job' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Job posted.');
  await expect(page.getByRole('article', { name: job.title })).toBeVisible();
}

async function applyFromBoard(page: Page, title: string) {
  await page.goto('/hire');
  await page.getByRole('search').getByLabel('Job title').fill(title);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'job found' })).toHaveText('1 job found');
  await page.getByRole('button', { name: `Apply for ${title}` }).click();
}

async function fillAndSubmitApplication(page: Page, title: string) {
  const dialog = page.getByRole('dialog', { name: `Apply for ${title}` });
  await dialog.getByLabel('CV or professional profile link').fill('cv.example.org/amina.pdf');
  await dialog.getByLabel('Cover letter').focus(); // leaving the link field adds the scheme
  await expect(dialog.getByLabel('CV or professional profile link')).toHaveValue(
    'https://cv.example.org/amina.pdf',
  );
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    `Application submitted for ${title}`,
  );
  await expect(dialog).toHaveCount(0);
}

test('a clinic posts, a professional finds and applies, the clinic accepts, the professional sees it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const nurseJob = `Night Nurse ${tag}`;
  const clerkJob = `Ward Clerk ${tag}`;
  const clinic = await register(page, `Nakuru Family Clinic ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');
  const baraka = await register(page, 'Baraka Otieno', 'user');

  // The clinic posts two jobs from its dashboard.
  // A clinic lands on its dashboard after login.
  await logInOk(page, clinic.email, PASSWORD);
  await expect(page).toHaveURL(/\/clinicdashboard$/);
  await expect(page.getByRole('heading', { name: 'Clinic dashboard', level: 1 })).toBeVisible();
  // The salary is figures now (deliberately changed from one free-text field).
  const salary = page.getByRole('region', { name: 'Post New Job' }).getByLabel('Lowest salary (Ksh)');
  await expect(salary).toHaveValue('');
  await expect(page.getByRole('region', { name: 'Post New Job' }).getByLabel('Organisation')).toHaveValue(
    clinic.name,
  );
  // Required fields are checked before anything is sent: the first one missing gets focus, its message beside it.
  await page.getByRole('region', { name: 'Post New Job' }).getByRole('button', { name: 'Post Job' }).click();
  const jobTitle = page.getByRole('region', { name: 'Post New Job' }).getByLabel('Job Title');
  await expect(jobTitle).toBeFocused();
  await expect(jobTitle).toHaveAccessibleDescription('This field is required.');
  await postJob(page, { title: nurseJob, department: `Maternity ${tag}`, type: 'Part-time' });
  await postJob(page, { title: clerkJob, department: 'Administration', type: 'Contract' });
  await expect(page.getByRole('heading', { name: 'Posted Jobs (2)' })).toBeVisible();
  await expect(page.getByRole('article', { name: nurseJob })).toContainText('Negotiable');
  await logOut(page);

  // A visitor filters the board, clicks Apply, logs in and comes back to the open form.
  await page.goto('/hire');
  await page.getByRole('search').getByLabel('Department').fill(`maternity ${tag}`);
  await page.getByRole('search').getByLabel('Job type').selectOption('Part-time');
  // Two letters find the words they start ("ni": Night), not the words they are inside ("ig": Night).
  await page.getByRole('search').getByLabel('Job title').fill('ig');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No jobs match these filters yet.')).toBeVisible();
  await page.getByRole('search').getByLabel('Job title').fill('ni');
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/title=ni&type=Part-time/);
  await expect(page.getByRole('status').filter({ hasText: 'job found' })).toHaveText('1 job found');
  await expect(page.getByRole('article', { name: nurseJob })).toContainText('Part-time');
  await page.getByRole('button', { name: `Apply for ${nurseJob}` }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('E-mail').fill(amina.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/hire\?.*apply=/);
  const dialog = page.getByRole('dialog', { name: `Apply for ${nurseJob}` });
  await expect(dialog.getByLabel('Full name')).toHaveValue('Amina Wanjiru');
  await expect(dialog.getByLabel('E-mail')).toHaveValue(amina.email);
  await expect(dialog.getByLabel('Phone number')).toHaveValue('+254 700 123 456');
  await fillAndSubmitApplication(page, nurseJob);

  // Changed on purpose: the board now says "Applied" and offers no second Apply. A form opened from an
  // earlier link (?apply=<job>) is still refused with the server's message.
  await page.goto(`/hire?title=${encodeURIComponent(nurseJob)}`);
  const appliedCard = page.getByRole('article', { name: nurseJob });
  await expect(appliedCard.getByText('Applied', { exact: true })).toBeVisible();
  await expect(appliedCard.getByRole('button', { name: `Apply for ${nurseJob}` })).toHaveCount(0);
  const nurseJobId = (await appliedCard.getByRole('link', { name: nurseJob }).getAttribute('href'))!
    .split('/')
    .pop()!;
  await page.goto(`/hire?title=${encodeURIComponent(nurseJob)}&apply=${nurseJobId}`);
  await expect(
    page.getByRole('dialog', { name: `Apply for ${nurseJob}` }).getByLabel('Full name'),
  ).toHaveValue('Amina Wanjiru');
  await page
    .getByRole('dialog', { name: `Apply for ${nurseJob}` })
    .getByLabel('CV or professional profile link')
    .fill('https://cv.example.org/amina.pdf');
  await page.getByRole('dialog').getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(
    'You have already applied for this job.',
  );
  // The typed link would be lost: Cancel asks first.
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page
    .getByRole('dialog', { name: 'Discard your changes?' })
    .getByRole('button', { name: 'Discard' })
    .click();

  await applyFromBoard(page, clerkJob);
  await fillAndSubmitApplication(page, clerkJob);

  await page.goto('/userdashboard');
  await expect(page.locator('.tiles li')).toHaveText([
    '2 Total Applications',
    '2 Active Applications',
    '0 Withdrawn',
  ]);
  const mine = page.getByRole('region', { name: 'Your Job Applications' });
  await expect(mine.getByRole('article')).toHaveCount(2);
  await expect(mine.getByRole('article').filter({ hasText: nurseJob })).toContainText('Pending');
  await logOut(page);

  // The clinic sees the applicant and accepts.
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  const card = page.getByRole('article', { name: nurseJob });
  await expect(card).toContainText('1 applicant');
  await card.getByRole('button', { name: 'View Applicants' }).click();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');
  const applicants = card.getByRole('region', { name: `Applicants for ${nurseJob}` });
  await expect(applicants).toContainText('Amina Wanjiru');
  await expect(applicants).toContainText(amina.email);
  const resume = applicants.getByRole('link', { name: 'Open CV (new tab)' });
  await expect(resume).toHaveAttribute('href', 'https://cv.example.org/amina.pdf');
  await expect(resume).toHaveAttribute('target', '_blank');
  await expect(resume).toHaveAttribute('rel', /noopener/);
  // One job open at a time.
  await page
    .getByRole('article', { name: clerkJob })
    .getByRole('button', { name: 'View Applicants' })
    .click();
  await expect(card.getByRole('button', { name: 'View Applicants' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await card.getByRole('button', { name: 'View Applicants' }).click();
  // Accepting asks first (with an optional message: notifications.spec sends one).
  await acceptApplicant(page, card, 'Amina Wanjiru');
  await expect(applicants).toContainText('Accepted');
  await logOut(page);

  // Another professional sees none of Amina's applications, in the page or through the API.
  await logInOk(page, baraka.email, PASSWORD);
  await page.goto('/userdashboard');
  await expect(page.getByText("You haven't applied to any jobs yet.")).toBeVisible();
  await expect(page.locator('.tiles li').first()).toHaveText('0 Total Applications');
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('afya.session') ?? '{}').state?.token as string,
  );
  const api = await page.request.get('/api/application/get', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await api.json()).data).toEqual([]);
  await logOut(page);

  // Amina sees the decision and withdraws the other application.
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  await expect(mine.getByRole('article').filter({ hasText: nurseJob })).toContainText('Accepted');
  await mine.getByRole('button', { name: `Withdraw: ${clerkJob}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await expect(confirm).toContainText(clerkJob);
  await confirm.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Application withdrawn.');
  const withdrawn = page.getByRole('region', { name: 'Withdrawn Applications' });
  await expect(withdrawn.getByRole('article')).toHaveCount(1);
  await expect(withdrawn).toContainText(clerkJob);
  await expect(mine.getByRole('article')).toHaveCount(1);
  await expect(page.locator('.tiles li')).toHaveText([
    '2 Total Applications',
    '1 Active Applications',
    '1 Withdrawn',
  ]);
});

/** The board's filter form. */
const search = (page: Page) => page.getByRole('search');

test('salaries and locations: a professional filters, saves, applies and sees "Applied"; no Withdraw once accepted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const town = `Iten ${tag}`;
  const midwife = `Senior Midwife ${tag}`;
  const officer = `Clinical Officer ${tag}`;
  const pharmacist = `Pharmacist ${tag}`;
  const clinic = await register(page, `Iten County Hospital ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');

  // The clinic posts three jobs with salaries as figures, two in one town.
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await postJob(page, {
    title: midwife,
    department: 'Maternity',
    type: 'Full-time',
    location: town,
    salary: { min: 90000, max: 120000 },
    experience: 'Senior',
    closesAt: '2099-12-12',
  });
  await postJob(page, {
    title: officer,
    department: 'Outpatient',
    type: 'Full-time',
    location: town,
    salary: { min: 30000, max: 45000 },
  });
  await postJob(page, {
    title: pharmacist,
    department: 'Pharmacy',
    type: 'Full-time',
    location: `Kitale ${tag}`,
    salary: { min: 150000, max: 200000 },
  });
  await expect(page.getByRole('article', { name: midwife })).toContainText('Ksh 90,000 - 120,000');
  await logOut(page);

  // The professional filters by location, taking the suggestion for what she typed.
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/hire');
  const location = search(page).getByLabel('Location');
  await location.fill(town.slice(0, -2));
  const suggestions = page.locator(`datalist#${await location.getAttribute('list')} option`);
  await expect(suggestions).toHaveCount(1);
  await expect(suggestions).toHaveAttribute('value', town);
  await location.fill((await suggestions.getAttribute('value'))!);
  await search(page).getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'jobs found' })).toHaveText('2 jobs found');
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(2);
  await expect(page.getByRole('article', { name: pharmacist })).toHaveCount(0);

  // And by a monthly salary floor: only the job paying that much is left.
  await search(page).getByLabel('Salary at least (Ksh per month)').fill('80000');
  await search(page).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/minSalary=80000/);
  await expect(page.getByRole('status').filter({ hasText: 'job found' })).toHaveText('1 job found');
  await expect(cards).toHaveCount(1);
  const card = page.getByRole('article', { name: midwife });
  await expect(card).toContainText('Salary: Ksh 90,000 - 120,000');
  await expect(card).toContainText('Senior');
  await expect(card).toContainText('Closes 12 Dec');

  // She saves it and finds it under Saved jobs.
  const save = card.getByRole('button', { name: `Save ${midwife}` });
  await expect(save).toHaveText('Save');
  await save.click();
  // Saved, it offers Unsave.
  await expect(card.getByRole('button', { name: `Unsave ${midwife}` })).toHaveText('Unsave');
  await page.goto('/userdashboard');
  const saved = page.getByRole('region', { name: 'Saved jobs' });
  await expect(saved.getByRole('link', { name: midwife })).toBeVisible();
  await expect(saved.getByRole('article')).toHaveCount(1);

  // She applies; the board and the job's page then say "Applied" and offer no Apply.
  await page.goBack();
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Apply for ${midwife}` }).click();
  await expect(
    page.getByRole('dialog', { name: `Apply for ${midwife}` }).getByLabel('Full name'),
  ).toHaveValue('Amina Wanjiru');
  await fillAndSubmitApplication(page, midwife);
  await expect(card.getByText('Applied', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Apply for ${midwife}` })).toHaveCount(0);
  await card.getByRole('link', { name: midwife }).click();
  const jobPage = page.getByRole('article', { name: midwife });
  await expect(jobPage.getByText('Applied', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply for this job' })).toHaveCount(0);
  await expect(jobPage.getByRole('button', { name: `Unsave ${midwife}` })).toBeVisible();
  await logOut(page);

  // The clinic accepts her.
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  const posted = page.getByRole('article', { name: midwife });
  await posted.getByRole('button', { name: 'View Applicants' }).click();
  await acceptApplicant(page, posted, 'Amina Wanjiru');
  await logOut(page);

  // Her dashboard shows the decision, with no Withdraw.
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  const mine = page.getByRole('region', { name: 'Your Job Applications' });
  const application = mine.getByRole('article').filter({ hasText: midwife });
  await expect(application).toContainText('Accepted');
  await expect(mine.getByRole('button', { name: `Withdraw: ${midwife}` })).toHaveCount(0);

  // In French the card's amounts group thousands with the narrow no-break space, after "Ksh".
  await page.goto(`/hire?location=${encodeURIComponent(town)}&minSalary=80000`);
  const menu = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('banner').getByLabel('Language').selectOption('fr');
  const french = page.getByRole('article', { name: midwife });
  await expect(french).toContainText('Salaire');
  expect(await french.textContent()).toContain('Ksh\u00a090\u202f000 - 120\u202f000');
});

test('the clinic deletes a job after confirming; its applicant keeps the history', async ({ page }) => {
  const tag = Date.now().toString(36);
  const title = `Lab Technician ${tag}`;
  const clinic = await register(page, `Kisumu Diagnostics ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await postJob(page, { title, department: 'Laboratory', type: 'Full-time' });
  await logOut(page);

  await logInOk(page, amina.email, PASSWORD);
  await applyFromBoard(page, title);
  await fillAndSubmitApplication(page, title);
  await logOut(page);

  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Delete: ${title}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete this job?' });
  await expect(confirm).toContainText('1 applicant keeps the application in their history');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await page
    .getByRole('article', { name: title })
    .getByRole('button', { name: `Delete: ${title}` })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete this job?' })
    .getByRole('button', { name: 'Delete job' })
    .click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Job deleted.');
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);
  await logOut(page);

  await page.goto(`/hire?title=${encodeURIComponent(title)}`);
  await expect(page.getByText('No jobs match these filters yet.')).toBeVisible();
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  await expect(page.getByRole('article').filter({ hasText: title })).toContainText(
    'The clinic has removed this job.',
  );
});

test('the clinic edits a job, shortlists then accepts its applicant and closes it; the nurse sees each step', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const title = `Pharmacist ${tag}`;
  const renamed = `Senior Pharmacist ${tag}`;
  const clinic = await register(page, `Eldoret Care ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await postJob(page, {
    title,
    department: 'Pharmacy',
    type: 'Full-time',
    salary: { min: 90000, max: 120000 },
  });
  await logOut(page);

  await logInOk(page, amina.email, PASSWORD);
  await applyFromBoard(page, title);
  await fillAndSubmitApplication(page, title);
  await logOut(page);

  // On a phone, by keyboard: Edit opens the posting form, filled in; a blank title is refused beside it.
  await page.setViewportSize({ width: 360, height: 740 });
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await page.getByRole('button', { name: `Edit ${title}` }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: `Edit job: ${title}` });
  const titleField = edit.getByLabel('Job Title');
  await expect(titleField).toHaveValue(title);
  await expect(edit.getByLabel('Lowest salary (Ksh)')).toHaveValue('90000');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectAccessible(page, 'edit job dialog at 360 px');
  await titleField.fill('');
  await edit.getByRole('button', { name: 'Save changes' }).press('Enter');
  await expect(titleField).toBeFocused();
  await expect(titleField).toHaveAccessibleDescription('This field is required.');
  await titleField.fill(renamed);
  await titleField.press('Enter');
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Job updated.');
  await expect(edit).toHaveCount(0);
  const card = page.getByRole('article', { name: renamed });
  await expect(card).toContainText('1 applicant');
  await expect(card).toContainText('90,000');

  // Shortlist first: the applicant hears of it; the decision comes later.
  await card.getByRole('button', { name: 'View Applicants' }).click();
  const applicants = card.getByRole('region', { name: `Applicants for ${renamed}` });
  await applicants.getByRole('button', { name: 'Shortlist the application from Amina Wanjiru' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
    'Application from Amina Wanjiru: shortlisted.',
  );
  await expect(applicants).toContainText('Shortlisted');
  await logOut(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  const mine = page.getByRole('region', { name: 'Your Job Applications' });
  await expect(mine.getByRole('article').filter({ hasText: renamed })).toContainText('Shortlisted');
  await logOut(page);

  // Then accept, and close the job now.
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await card.getByRole('button', { name: 'View Applicants' }).click();
  await acceptApplicant(page, card, 'Amina Wanjiru');
  await expect(applicants).toContainText('Accepted');
  await card.getByRole('button', { name: `Close now: ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Close this job now?' });
  await expect(confirm).toContainText(`${renamed} will stop taking applications at once`);
  await confirm.getByRole('button', { name: 'Close job' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Job closed.');
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Close now: ${renamed}` })).toHaveCount(0);
  const jobId = await page.evaluate(async () => {
    const token = JSON.parse(localStorage.getItem('afya.session') ?? '{}').state?.token as string;
    const res = await fetch('/api/job/mine', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()).data as Array<{ id: string }>)[0]!.id;
  });
  await logOut(page);

  // The nurse sees the decision, and that the job is closed: off the board, its page says so.
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  await expect(mine.getByRole('article').filter({ hasText: renamed })).toContainText('Accepted');
  await page.goto(`/hire?title=${encodeURIComponent(renamed)}`);
  await expect(page.getByText('No jobs match these filters yet.')).toBeVisible();
  await page.goto(`/hire/${jobId}`);
  await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
});

test('phone: the board, the dashboards and the apply form fit 360 px and read in Kiswahili @phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const clinic = await register(page, `Mombasa Care ${Date.now().toString(36)}`, 'Clinic');
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  await expect(page.getByRole('heading', { name: 'Post New Job' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await postJob(page, { title: 'Phone Nurse', department: 'Outpatient', type: 'Full-time' });
  await logOut(page);

  await page.goto('/hire');
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByLabel('Language').selectOption('sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Pata kazi yako ijayo katika sekta ya afya',
  );
  // On a phone the filters fold behind a button (n = filters in use); the first job is on the first screen.
  await page.keyboard.press('Escape'); // closes the menu the language was chosen in
  await expect(page.getByRole('article').first()).toBeInViewport();
  await page.getByRole('button', { name: 'Vichujio (0)' }).click();
  await expect(page.getByRole('search').getByRole('button', { name: 'Tafuta' })).toBeVisible();
});

test('an admin reaching the dashboards is told whose they are; a visitor is sent to log in', async ({
  page,
}) => {
  await page.goto('/clinicdashboard');
  await acceptCookies(page);
  await expect(page).toHaveURL(/\/login\?next=%2Fclinicdashboard$/);
  await logInOk(page, 'admin@e2e.example', 'e2e admin password');
  await page.goto('/clinicdashboard');
  await expect(page.getByRole('status')).toHaveText(
    'This dashboard is for clinic accounts. Your own applications are on your dashboard.',
  );
  await expect(page.getByRole('region', { name: 'Post New Job' })).toHaveCount(0);
  // /userdashboard is the shell's page now (Hire's and Events' widgets): the text names both modules' work.
  await page.goto('/userdashboard');
  await expect(page.getByRole('status')).toHaveText(
    'This dashboard is for professionals. Clinic accounts manage their jobs and events on the clinic dashboard.',
  );
  await expect(page.getByRole('region', { name: 'Your Job Applications' })).toHaveCount(0);
});

/** A job posted through the API by a clinic account (the posting screen has its own journey above). */
async function postJobAs(page: Page, email: string, title: string) {
  const login = await page.request.post('/api/user/login', { data: { email, password: PASSWORD } });
  const { token } = await login.json();
  const res = await page.request.post('/api/job/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      organization: 'Kisumu Lakeside Hospital',
      location: 'Kisumu, Kenya',
      department: 'Theatre',
      type: 'Full-time',
      description: 'Scrub and circulate in a busy theatre.\nKenya Nursing Council licence required.',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data as { id: string };
}

/** True when the element is what a tap at its centre reaches: nothing (a banner, a toast) covers it. */
const reachable = (locator: ReturnType<Page['locator']>) =>
  locator.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  });

test('a job has its own page to share; Apply there works with the cookie banner unanswered at 1280 and 360 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Kisumu Lakeside Hospital ${tag}`, 'Clinic');
  const amina = await register(page, 'Amina Wanjiru', 'user');
  const jobs = {
    1280: { title: `Theatre Nurse ${tag}`, ...(await postJobAs(page, clinic.email, `Theatre Nurse ${tag}`)) },
    360: { title: `Scrub Nurse ${tag}`, ...(await postJobAs(page, clinic.email, `Scrub Nurse ${tag}`)) },
  };

  // From the board to the job's page: its own address, title and description.
  await page.goto(`/hire?title=${encodeURIComponent(jobs[1280].title)}`);
  await page.getByRole('link', { name: jobs[1280].title }).click();
  await expect(page).toHaveURL(new RegExp(`/hire/${jobs[1280].id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jobs[1280].title);
  await expect(page).toHaveTitle(`${jobs[1280].title} at Kisumu Lakeside Hospital — AfyaHR`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    'Kisumu Lakeside Hospital, Kisumu, Kenya (Full-time): Scrub and circulate in a busy theatre. Kenya Nursing Council licence required.',
  );
  // The shared link opens the same page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(jobs[1280].title);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Hire' }),
  ).toHaveAttribute('aria-current', 'page');

  // A visitor logs in from there and comes back to the open form; nobody has answered the cookie banner.
  const banner = page.getByRole('region', { name: 'Cookie notice' });
  await page.getByRole('button', { name: 'Apply for this job' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await expect(banner).toBeVisible();
  expect(await reachable(page.getByRole('main').getByRole('button', { name: 'Log in' }))).toBe(true);
  await page.getByLabel('E-mail').fill(amina.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/hire/${jobs[1280].id}\\?apply=`));

  for (const width of [1280, 360] as const) {
    const job = jobs[width];
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    if (width === 360) {
      await page.goto(`/hire/${job.id}`);
      await page.getByRole('button', { name: 'Apply for this job' }).click();
    }
    await expect(banner).toBeVisible();
    const dialog = page.getByRole('dialog', { name: `Apply for ${job.title}` });
    await expect(dialog.getByLabel('Full name')).toHaveValue('Amina Wanjiru');
    // The dialog is the top layer: the banner is under it and cannot be reached while it is open.
    expect(await dialog.evaluate((el) => el.matches(':modal'))).toBe(true);
    expect(await reachable(banner.getByRole('button', { name: 'Accept' }))).toBe(false);
    await dialog.getByLabel('CV or professional profile link').fill('https://cv.example.org/amina.pdf');
    const submit = dialog.getByRole('button', { name: 'Submit application' });
    expect(await reachable(submit)).toBe(true);
    await submit.click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      `Application submitted for ${job.title}`,
    );
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await expect(banner).toBeVisible();

  await page.goto('/hire/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Job not found');
  await page.getByRole('link', { name: 'Back to all jobs' }).click();
  await expect(page).toHaveURL(/\/hire$/);
});
