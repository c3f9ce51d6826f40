import { expect, test } from '@playwright/test';
import { addDepartment, joinTeam, PASSWORD, register, tokenOf } from './core-team';
import { acceptCookies, logInOk } from './helpers';

/**
 * Issue 42's HR workflows, in the browser: on a laptop the clinic turns on the ready onboarding checklist and
 * adds a nurse to its maternity ward (the staff import); the checklist's tasks come to "My tasks" by role, the
 * clinic's three for HR and the ward manager's three for her, neither seeing the other's; each marks one done,
 * and the run log says what the run did.
 */
test('HR turns on the onboarding checklist and adds a nurse: HR’s and her manager’s tasks, one done each, and the run log', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const tag = Date.now().toString(36);
  const clinic = await register(page, `Mwangaza Clinic ${tag}`, 'Clinic');
  const grace = await register(page, `Grace Wanjiru ${tag}`, 'user');
  const clinicAuth = await tokenOf(page, clinic.email);
  const wardId = await addDepartment(page, clinicAuth, 'Maternity');
  const manager = await joinTeam(page, clinicAuth, grace, wardId);
  const role = await page.request.put(`/api/core/staff/${manager.staffId}/role`, {
    headers: clinicAuth,
    data: { role: 'manager', departmentIds: [wardId] },
  });
  expect(role.ok()).toBe(true);

  // The clinic, on a laptop, turns the ready onboarding checklist on.
  await logInOk(page, clinic.email, PASSWORD);
  await acceptCookies(page);
  await page.goto('/hr/workflows');
  const list = page.getByRole('region', { name: 'Your workflows' });
  await expect(list).toContainText('Onboarding checklist · A person joins · Off');
  await expect(list).toContainText('A checklist of 3 tasks for HR');
  await expect(list).toContainText('A checklist of 3 tasks for their manager');
  const toggle = list.getByRole('button', { name: 'Turn Onboarding checklist on or off' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toContainText('Onboarding checklist · A person joins · On');

  // A nurse added to the maternity ward from the staff import.
  const nurse = `Faith Mutua ${tag}`;
  await page.goto('/hr/import');
  await page
    .getByLabel('The file’s contents')
    .fill(`email,name,profession,department\nfaith.${tag}@e2e.example,${nurse},Nurse,Maternity`);
  await page.getByRole('button', { name: 'Check the file' }).click();
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByRole('main')).toContainText('Imported: 1 added, 0 updated.');

  // HR's three tasks about her (the run comes a moment after the record), and none of her manager's.
  await page.goto('/hr/workflows');
  const hrTasks = page.getByRole('region', { name: 'My tasks' });
  await expect(async () => {
    await page.reload();
    await expect(hrTasks.getByRole('listitem')).toHaveCount(3, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  for (const title of [
    'Collect national ID, KRA PIN, SHA and NSSF numbers',
    'Verify the practising licence with the council',
    'Make and send the employment contract',
  ])
    await expect(hrTasks.getByRole('listitem').filter({ hasText: title })).toContainText(`about ${nurse}`);
  await expect(hrTasks).not.toContainText('Welcome them and tour the ward');
  await hrTasks
    .getByRole('button', { name: 'Mark Verify the practising licence with the council done' })
    .click();
  await expect(hrTasks.getByRole('listitem')).toHaveCount(2);
  await expect(hrTasks).not.toContainText('Verify the practising licence');

  // Her manager, on her own laptop: her three, none of HR's; she marks the welcome done.
  const managers = await browser.newContext();
  const graces = await managers.newPage();
  await logInOk(graces, grace.email, PASSWORD);
  await acceptCookies(graces);
  await graces.goto('/hr/workflows');
  const hers = graces.getByRole('region', { name: 'My tasks' });
  await expect(hers.getByRole('listitem')).toHaveCount(3);
  for (const title of [
    'Welcome them and tour the ward',
    'Introduce the infection prevention and fire safety drills',
    'Put them on the next roster',
  ])
    await expect(hers.getByRole('listitem').filter({ hasText: title })).toContainText(`about ${nurse}`);
  await expect(hers).not.toContainText('Collect national ID');
  await expect(graces.getByRole('region', { name: 'Your workflows' })).toHaveCount(0);
  const welcome = hers.getByRole('button', { name: 'Mark Welcome them and tour the ward done' });
  await welcome.focus();
  await graces.keyboard.press('Enter');
  await expect(hers.getByRole('listitem')).toHaveCount(2);
  await managers.close();

  // The run log: once, for her; HR's and the manager's checklists done, the manager told.
  await list.getByRole('button', { name: 'Run log of Onboarding checklist' }).click();
  const log = page.getByRole('region', { name: 'Run log: Onboarding checklist' });
  const run = log.getByRole('listitem').filter({ hasText: nurse });
  await expect(run).toHaveCount(1);
  await expect(run.getByRole('listitem')).toHaveText([
    'Checklist: done (3 tasks each for 1 person)',
    'Checklist: done (3 tasks each for 1 person)',
    'Notice: done (told 1 person)',
  ]);
});
