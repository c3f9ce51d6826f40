import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/** The secret of the newest link to `page` mailed to `email` (start-platform.ts writes every e-mail). */
export async function linkSecret(email: string, page: string): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (playwright.config.ts sets it)');
  const pattern = new RegExp(`${page}#token=([A-Za-z0-9_-]+)`);
  let secret = '';
  await expect
    .poll(() => {
      const mails = readdirSync(dir)
        .sort((a, b) => parseInt(a, 10) - parseInt(b, 10))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string; raw: string })
        .filter((m) => m.to === email && pattern.test(m.raw));
      secret = mails.length ? pattern.exec(mails.at(-1)!.raw)![1]! : '';
      return secret;
    })
    .not.toBe('');
  return secret;
}

/** Opens the verification link sent at sign-up, as its owner would: the address is then verified. */
export async function verifyAddress(page: Page, email: string): Promise<void> {
  const token = await linkSecret(email, '/verify-email');
  const res = await page.request.post('/api/user/email/verify', { data: { token } });
  expect(res.status()).toBe(200);
}
