import { expect, test } from '@playwright/test';
import { logInOk, signUp, uniqueEmail } from './helpers';

const password = 'a good long password';

test('a language switch on /profile keeps the edits not yet saved', async ({ page }) => {
  const email = uniqueEmail('switch');
  await signUp(page, { name: 'Baraka Otieno', email, password, role: 'user' });
  await logInOk(page, email, password);
  await page.goto('/profile');
  await page.getByLabel('Town or city').fill('Kisumu');
  await page.getByLabel('Skills').fill('Triage, Paediatrics');

  await page.getByRole('banner').getByLabel('Language').first().selectOption('sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wasifu wangu');
  await expect(page.getByLabel('Mji')).toHaveValue('Kisumu');
  await expect(page.getByLabel('Ujuzi')).toHaveValue('Triage, Paediatrics');
});
