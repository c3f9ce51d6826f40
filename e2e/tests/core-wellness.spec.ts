import { expect, test } from '@playwright/test';
import {
  addDepartment,
  expectFitsPhone,
  joinTeam,
  PASSWORD,
  phoneSignedIn,
  register,
  tokenOf,
  type Account,
  type Auth,
} from './core-team';
import { acceptCookies, logInOk } from './helpers';

/**
 * Issue 42's wellness pulse survey, in the browser: on a laptop the clinic makes a survey for its maternity
 * ward and sends it; five nurses answer, one on her phone (360 px, Kiswahili) from the keyboard on her
 * dashboard; while it is open, and before five had answered, the clinic sees no result; once it closes, the
 * answers by question and the comments, and nothing of any person.
 */
const SCALE_NAME = { 1: /^1:/, 2: '2', 3: '3', 4: '4', 5: /^5:/ } as const;
type Rating = keyof typeof SCALE_NAME;

test('HR sends a pulse survey to a ward; five nurses answer (one on her phone in Kiswahili); results only once closed, aggregated', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Tumaini Clinic ${tag}`, 'Clinic');
  const clinicAuth = await tokenOf(page, clinic.email);
  const wardId = await addDepartment(page, clinicAuth, 'Maternity');
  const names = ['Neema Chebet', 'Zawadi Akinyi', 'Halima Yusuf', 'Esther Wambui', 'Joy Atieno'];
  const nurses: (Account & { auth: Auth; staffId: string })[] = [];
  for (const name of names) {
    const nurse = await register(page, `${name} ${tag}`, 'user');
    nurses.push({ ...nurse, ...(await joinTeam(page, clinicAuth, nurse, wardId)) });
  }

  // The clinic, on a laptop: a survey for the ward, closing in two weeks, sent.
  const title = `March pulse ${tag}`;
  const closesOn = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  await logInOk(page, clinic.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr/wellness');
  const form = page.getByRole('region', { name: 'New survey' });
  await form.getByLabel(/^Title/).fill(title);
  await form.getByRole('group', { name: 'Send to the departments' }).getByLabel('Maternity').check();
  await form.getByLabel('Last day to answer').fill(closesOn);
  await form.getByRole('button', { name: 'Create survey' }).click();
  await expect(form).toContainText('Survey created: send it when ready.');
  const surveys = page.getByRole('region', { name: 'Surveys' });
  const survey = surveys.getByRole('listitem').filter({ hasText: title });
  await expect(survey).toContainText('Maternity · Draft');
  await survey.getByRole('button', { name: `Send ${title}` }).click();
  await expect(survey).toContainText('Open');
  await expect(survey).toContainText('0 of 5 answered');

  // Neema, on her phone in Kiswahili: the survey on her dashboard, answered from the keyboard.
  const { context: phone, page: mobile } = await phoneSignedIn(browser, nurses[0]!);
  await mobile.goto('/userdashboard');
  const widget = mobile.getByRole('region', { name: 'Utafiti wa ustawi' });
  const answer = widget.getByRole('form', { name: title });
  await expect(answer).toBeVisible();
  const questions = {
    workload: 'Mzigo wako wa kazi umekuwa wa kumudika kiasi gani katika wiki mbili zilizopita?',
    burnout: 'Ni mara ngapi umehisi umechoka sana au kuishiwa nguvu kwa sababu ya kazi hivi karibuni?',
    safety: 'Unajihisi salama kiasi gani kazini (dhidi ya vurugu, unyanyasaji na hatari)?',
  };
  const hers: Record<keyof typeof questions, Rating> = { workload: 4, burnout: 2, safety: 5 };
  for (const [q, legend] of Object.entries(questions) as [keyof typeof questions, string][]) {
    const radio = answer
      .getByRole('group', { name: legend })
      .getByRole('radio', { name: SCALE_NAME[hers[q]] });
    await radio.focus();
    await mobile.keyboard.press('Space');
    await expect(radio).toBeChecked();
  }
  await answer.getByLabel(/^Maoni/).focus();
  await mobile.keyboard.type('Tunahitaji muuguzi mmoja zaidi usiku');
  await answer.getByRole('button', { name: 'Tuma jibu langu' }).focus();
  await mobile.keyboard.press('Enter');
  await expect(widget).toContainText('Asante: jibu lako limepokelewa.');
  await expect(widget.getByRole('form', { name: title })).toHaveCount(0);
  await expectFitsPhone(mobile, ['Utafiti wa ustawi']);
  await phone.close();

  // Three more answer; with four in and the survey open, HR sees no result.
  const surveyId = (
    (await (await page.request.get('/api/core/wellness/surveys', { headers: clinicAuth })).json()) as {
      data: { id: string; title: string }[];
    }
  ).data.find((s) => s.title === title)!.id;
  const answers: [Rating, Rating, Rating, string?][] = [
    [3, 3, 4],
    [2, 1, 3, 'More staff on nights, please'],
    [5, 4, 5],
    [3, 2, 4],
  ];
  const send = async (i: number) => {
    const [workload, burnout, safety, comment] = answers[i - 1]!;
    const res = await page.request.post(`/api/core/wellness/surveys/${surveyId}/answers`, {
      headers: nurses[i]!.auth,
      data: { ratings: { workload, burnout, safety }, ...(comment ? { comment } : {}) },
    });
    expect(res.status()).toBe(201);
  };
  for (const i of [1, 2, 3]) await send(i);
  await page.reload();
  await survey.getByRole('button', { name: `Results of ${title}` }).click();
  const results = page.getByRole('region', { name: 'Results', exact: true });
  await expect(results).toContainText('4 of 5 answered · shown only where at least 5 answered');
  await expect(results).toContainText(
    'Results are withheld while the survey is open (4 answered so far): they show once it closes.',
  );
  await expect(results.getByRole('table')).toHaveCount(0);
  const early = await page.request.get(`/api/core/wellness/surveys/${surveyId}/results`, {
    headers: clinicAuth,
  });
  expect((await early.json()).data.overall).toMatchObject({ answered: 4, questions: null, comments: null });

  // The fifth answers: still open, still nothing shown.
  await send(4);
  await page.reload();
  await expect(survey).toContainText('5 of 5 answered');
  await survey.getByRole('button', { name: `Results of ${title}` }).click();
  await expect(results).toContainText('(5 answered so far)');
  await expect(results.getByRole('table')).toHaveCount(0);

  // Closed: the answers by question and both comments, for the ward as a whole; nobody's own.
  await survey.getByRole('button', { name: `Close ${title} now` }).click();
  await expect(survey).toContainText('Closed');
  await page.reload();
  await survey.getByRole('button', { name: `Results of ${title}` }).click();
  const overall = results.getByRole('table').first();
  await expect(overall.getByRole('row', { name: /^Workload/ }).getByRole('cell')).toHaveText([
    '3.40',
    '0',
    '1',
    '2',
    '1',
    '1',
  ]);
  await expect(overall.getByRole('row', { name: /^Burnout/ }).getByRole('cell')).toHaveText([
    '2.40',
    '1',
    '2',
    '1',
    '1',
    '0',
  ]);
  await expect(overall.getByRole('row', { name: /^Safety/ }).getByRole('cell')).toHaveText([
    '4.20',
    '0',
    '0',
    '1',
    '2',
    '2',
  ]);
  await expect(results.getByRole('heading', { name: '2 comments' })).toBeVisible();
  await expect(results).toContainText('Tunahitaji muuguzi mmoja zaidi usiku');
  await expect(results).toContainText('More staff on nights, please');
  const main = page.getByRole('main');
  for (const n of nurses) await expect(main).not.toContainText(n.name);
  // The answer the page read holds nothing of any person: no name, address or record.
  const closed = await page.request.get(`/api/core/wellness/surveys/${surveyId}/results`, {
    headers: clinicAuth,
  });
  const text = await closed.text();
  for (const n of nurses) for (const said of [n.name, n.email, n.staffId]) expect(text).not.toContain(said);
});
