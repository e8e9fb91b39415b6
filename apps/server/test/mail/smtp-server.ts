// A real SMTP server (smtp-server) for tests: it receives what the app sends through nodemailer,
// parsed with mailparser, and can refuse recipients to test retries.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

const USER = 'mailer';
export const PASS = 'smtp-secret-42';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** RCPT TO answers still to give before accepting, e.g. [451] = one temporary refusal. */
  refusals: number[];
  attempts: number;
  close(): Promise<void>;
}

/** A server on `port` (0: any free one). */
export async function startSmtp(options: Partial<SMTPServerOptions> = {}, port = 0): Promise<TestSmtp> {
  const state = { received: [] as ParsedMail[], refusals: [] as number[], attempts: 0 };
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    onAuth(auth, _session, done) {
      if (auth.username === USER && auth.password === PASS) done(null, { user: USER });
      else done(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, done) {
      state.attempts++;
      const code = state.refusals.shift();
      if (code) done(Object.assign(new Error(`refused with ${code}`), { responseCode: code }));
      else done();
    },
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => {
          state.received.push(mail);
          done();
        })
        .catch(done);
    },
    logger: false,
    ...options,
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  const scheme = options.secure ? 'smtps' : 'smtp';
  // The test's certificate is self-signed; a deployment's server has a real one.
  const query = options.secure ? '/?tls.rejectUnauthorized=false' : '';
  return Object.assign(state, {
    url: `${scheme}://${USER}:${PASS}@127.0.0.1:${listening}${query}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
