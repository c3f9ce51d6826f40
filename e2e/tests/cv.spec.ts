import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookies, logInOk, logOut, uniqueEmail } from './helpers';

const PASSWORD = 'a good long password';
const CV = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer\n<<>>\n%%EOF\n');

async function register(request: APIRequestContext, name: string, role: 'user' | 'Clinic', extra = {}) {
  const email = uniqueEmail(role.toLowerCase());
  const res = await request.post('/api/user/register', {
    data: { name, email, password: PASSWORD, role, ...extra },
  });
  expect(res.status()).toBe(201);
  return { name, email };
}

/** The clinic posts through the API: this journey is about the CV, the job form has its own. */
async function postJob(request: APIRequestContext, email: string, title: string): Promise<string> {
  const login = await request.post('/api/user/login', { data: { email, password: PASSWORD } });
  const { token } = await login.json();
  const res = await request.post('/api/job/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      organization: 'Nakuru Family Clinic',
      location: 'Nakuru, Kenya',
      description: 'Night shifts on the maternity ward.',
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.id;
}

test('a professional stores a CV, applies with it in one step; the clinic sees the profile and downloads it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const title = `Midwife ${tag} "><script>window.pwned=1</script>`;
  const clinic = await register(page.request, `Nakuru Family Clinic ${tag}`, 'Clinic');
  const amina = await register(page.request, 'Amina Wanjiru', 'user', {
    phone: '+254 700 123 456',
    designation: 'Registered Nurse',
    skills: ['Midwifery', 'Neonatal care'],
  });
  const jobId = await postJob(page.request, clinic.email, title);

  // A crawler gets the job's Open Graph tags in the HTML itself, escaped.
  const served = await (await page.request.get(`/hire/${jobId}`)).text();
  expect(served).toContain(
    `<meta property="og:title" content="Midwife ${tag} &quot;&gt;&lt;script&gt;window.pwned=1&lt;/script&gt;" />`,
  );
  expect(served).not.toContain('<script>window.pwned');

  // My CV on the dashboard.
  await logInOk(page, amina.email, PASSWORD);
  await page.goto('/userdashboard');
  const myCv = page.getByRole('region', { name: 'My CV' });
  await expect(myCv).toContainText('No CV stored yet.');
  await myCv.getByLabel('Upload your CV (PDF)').setInputFiles({
    name: 'Amina CV.pdf',
    mimeType: 'application/pdf',
    buffer: CV,
  });
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Your CV is saved.');
  await expect(myCv).toContainText('Amina CV.pdf');

  // The job page: share links, and Apply with the stored CV in one step.
  await page.goto(`/hire/${jobId}`);
  await acceptCookies(page);
  const whatsApp = page.getByRole('link', { name: /^Share on WhatsApp/ });
  await expect(whatsApp).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=Midwife/);
  await expect(whatsApp).toHaveAttribute('rel', 'noopener noreferrer');
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
  await page.getByRole('button', { name: 'Apply for this job' }).click();
  const dialog = page.getByRole('dialog', { name: `Apply for ${title}` });
  await expect(dialog.getByRole('radio', { name: /^Use my CV \(Amina CV\.pdf/ })).toBeChecked();
  await dialog.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Application submitted');
  await logOut(page);

  // The clinic sees who applied and downloads the very PDF.
  await logInOk(page, clinic.email, PASSWORD);
  await page.goto('/clinicdashboard');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'View Applicants' }).click();
  const applicants = card.getByRole('region', { name: `Applicants for ${title}` });
  await expect(applicants).toContainText('Registered Nurse');
  await expect(applicants).toContainText('Midwifery');
  await expect(applicants).toContainText('Neonatal care');
  const downloading = page.waitForEvent('download');
  await applicants.getByRole('button', { name: 'CV (PDF) of Amina Wanjiru' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Amina CV.pdf');
  expect(readFileSync(await download.path()).equals(CV)).toBe(true);
});
