// With SMTP_URL set, every email also leaves by SMTP (the outbox keeps its copy). A small SMTP
// listener on a free local port stands in for the mail server; the app is the real one.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsTestApp, latestCode, signUp } from '../modules/auth/testing/auth-kit';
import type { TestApp } from '../testing/test-app';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let server: Server;
let t: TestApp;

/** Speaks just enough SMTP (RFC 5321) for one client: EHLO, MAIL, RCPT, DATA, QUIT. */
function handle(socket: Socket) {
  let mail: Received = { from: '', to: [], data: '' };
  let inData = false;
  let buffer = '';
  socket.write('220 test-smtp ready\r\n');
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    while (true) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        mail.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push(mail);
        mail = { from: '', to: [], data: '' };
        socket.write('250 queued\r\n');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test-smtp\r\n');
      else if (verb === 'MAIL') {
        mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
        socket.write('250 ok\r\n');
      } else if (verb === 'RCPT') {
        mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
        socket.write('250 ok\r\n');
      } else if (verb === 'DATA') {
        inData = true;
        socket.write('354 go ahead\r\n');
      } else if (verb === 'QUIT') {
        socket.end('221 bye\r\n');
        return;
      } else socket.write('250 ok\r\n');
    }
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  t = await accountsTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Vitrine <mail@vitrine.test>' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('emails by SMTP', () => {
  it('sends the verification email to the mail server, with the code the outbox shows', async () => {
    await signUp(t.app, { email: 'smtp-reader@example.com' });
    const code = await latestCode(t.app, 'smtp-reader@example.com', 'email_verification');
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('mail@vitrine.test');
    expect(mail?.to).toEqual(['smtp-reader@example.com']);
    expect(mail?.data).toContain('To: smtp-reader@example.com');
    expect(mail?.data.replace(/=\r\n/g, '')).toContain(code);
  });
});
