import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@platform/testing';

/**
 * `npm start` without SMTP_URL: the platform still sends its e-mails (one-time links for password reset,
 * sign-in and address verification; notices), to a real SMTP server on this machine that keeps each one as
 * an .eml file under `<dataDir>/mail/` and prints its recipient and links. Without it, nobody on a laptop
 * could verify an address, so nobody could join a team.
 */
export async function startMailSandbox(dataDir: string, log: (line: string) => void): Promise<SmtpSink> {
  const dir = path.join(dataDir, 'mail');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  let count = 0;
  return startSmtpSink(
    (mail) => {
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${++count}.eml`);
      writeFileSync(file, mail.raw, { mode: 0o600 });
      log(
        `mail to ${mail.to}: ${mailLinks(mail.raw).join(' ') || '(no link)'}  [${path.relative(process.cwd(), file)}]`,
      );
    },
    // A sender gone in the middle of a mail (a service killed): that mail is its to send again.
    (err) => log(`mail sandbox: a sender's connection failed (${err.message}); still listening`),
  );
}

/** The distinct http(s) links of a message's text, in order (what a reader of the mail would click). */
export function mailLinks(raw: string): string[] {
  const found = raw.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  return [...new Set(found.map((l) => l.replace(/[).,;]+$/, '')))];
}
