import { mailLinks } from './mail-sandbox';

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
