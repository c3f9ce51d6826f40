import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mailLinks, startMailSandbox } from './mail-sandbox';

it('reads the links a person would click, once each, without trailing punctuation', () => {
  const raw = [
    'Subject: Reset your password',
    '',
    'Open http://localhost:8080/reset-password#t=abc123.',
    '<a href="http://localhost:8080/reset-password#t=abc123">Reset</a>',
    'Or https://afyahr.example/login/link#t=x9).',
  ].join('\r\n');
  expect(mailLinks(raw)).toEqual([
    'http://localhost:8080/reset-password#t=abc123',
    'https://afyahr.example/login/link#t=x9',
  ]);
  expect(mailLinks('Subject: hello\r\n\r\nno links here')).toEqual([]);
});

describe('the mail sandbox', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(path.join(tmpdir(), 'mail-sandbox-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** An SMTP conversation over a raw socket, each line sent once the server answered the one before. */
  const converse = (url: string, lines: string[]) =>
    new Promise<Socket>((resolve, reject) => {
      const { port } = new URL(url);
      const socket = connect(Number(port), '127.0.0.1');
      const queue = [...lines];
      socket.on('data', () => {
        const next = queue.shift();
        if (next === undefined) resolve(socket);
        else socket.write(`${next}\r\n`);
      });
      socket.on('error', reject);
    });

  it('keeps listening when a sender is killed in the middle of a mail, and takes the next one', async () => {
    const lines: string[] = [];
    const sandbox = await startMailSandbox(dataDir, (l) => lines.push(l));
    try {
      // A service killed while sending: its connection reset (ECONNRESET) after MAIL FROM. Before, the
      // server's unheard 'error' event threw in npm start's process and took the whole platform down.
      const killed = await converse(sandbox.url, ['EHLO svc-identity', 'MAIL FROM:<no-reply@afya.example>']);
      killed.resetAndDestroy();
      await new Promise((r) => setTimeout(r, 200));
      expect(lines.filter((l) => l.includes("a sender's connection failed"))).toHaveLength(1);

      const next = await converse(sandbox.url, [
        'EHLO svc-identity',
        'MAIL FROM:<no-reply@afya.example>',
        'RCPT TO:<nurse@clinic.example>',
        'DATA',
        'Subject: Verify your address\r\n\r\nOpen http://localhost:8080/verify-email#token=abc\r\n.',
      ]);
      next.end('QUIT\r\n');
      expect(lines.at(-1)).toMatch(
        /^mail to nurse@clinic\.example: http:\/\/localhost:8080\/verify-email#token=abc /,
      );
    } finally {
      await sandbox.close();
    }
  });
});
