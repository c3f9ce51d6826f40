import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message an SmtpSink accepted: its recipients and its raw text, soft line breaks undone. */
export interface ReceivedMail {
  to: string;
  raw: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for a service's SMTP_URL. */
  url: string;
  /** Every message accepted so far, in order. */
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) on a free local port: every message it accepts lands in `inbox` (and is
 * handed to `onMail`), so a test reads the e-mails a service sent (and the links in them) as a mailbox would.
 */
export async function startSmtpSink(
  onMail: (mail: ReceivedMail) => void = () => {},
  onError: (err: Error) => void = () => {},
): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable soft line breaks and '=' undone, so assertions read the HTML as sent.
        raw = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address).join(','), raw };
        inbox.push(mail);
        onMail(mail);
        done();
      });
    },
  });
  // A sender's connection that fails (a service killed in the middle of a mail: ECONNRESET) ends that
  // conversation only. Unheard, smtp-server's 'error' event threw in the process running the sink, which
  // took down `npm start` and every service it supervises with it.
  server.on('error', onError);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
