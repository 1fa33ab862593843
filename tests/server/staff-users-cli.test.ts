import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { openConfiguredDatabase } from '../../src/server/db/setup';
import { api } from './application-fixtures';
import { run, staffCli } from './cli-runner';
import { post, type Envelope } from './helpers';

// `npm run staff -- users …` as an administrator runs it, on a PGlite data directory: the first
// account, its printed enrolment (a server on that directory signs it in with it), the password never
// an argument, and disable, enable, set-role, reset-password.

/** Each run opens the data directory: a second or more, more on a busy machine. */
const SLOW = 300_000;
const texts = api.en.staff_accounts as unknown as Record<string, string>;

describe('staff accounts from the command line', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kibali-staff-users-'));
  const env = { DATA_DIR: dataDir };
  const users = (input: string, ...args: string[]) => staffCli(['users', ...args], env, input);
  /** As a child process, the password piped to its stdin. */
  const usersProcess = (input: string, ...args: string[]) => run('staff', ['users', ...args], env, input);
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A server on the data directory (the command line is not running then), for as long as `work` takes. */
  async function withServer<T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
    const config = testConfig({ DATA_DIR: dataDir, STATIC_DIR: '/nonexistent' });
    const database = await openConfiguredDatabase(config);
    const app = await buildApp({ config, database });
    try {
      return await work(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  async function signIn(app: Awaited<ReturnType<typeof buildApp>>, login: string, password: string, secret: string) {
    const started = await post<Envelope<{ sign_in_id: string }>>(app, '/api/staff/session/sign_in', {
      login,
      password,
    });
    if (started.status !== 200) return started.status;
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) });
    const verified = await post(app, '/api/staff/session/verify', {
      sign_in_id: started.body!.response.data.sign_in_id,
      code,
    });
    return verified.status;
  }

  let secret = '';
  const password = 'the first admin password';

  it(
    'adds the first admin: the password from stdin, the authenticator enrolment printed once',
    async () => {
      const added = await usersProcess(
        `${password}\n`,
        'add',
        'Amina.Admin',
        '--name',
        'Amina Khamis',
        '--role',
        'admin',
      );
      expect(added.code, added.stderr).toBe(0);
      expect(added.stdout).toContain(
        texts
          .added!.replace('{{login}}', 'amina.admin')
          .replace('{{name}}', 'Amina Khamis')
          .replace('{{role}}', 'admin'),
      );
      expect(added.stdout).toContain(texts.totp_enrol);
      secret = /secret: ([A-Z2-7]{32})/.exec(added.stdout)![1]!;
      expect(added.stdout).toContain(`otpauth://totp/Kibali:amina.admin?secret=${secret}&issuer=Kibali`);
      // Neither the password nor the secret is in the list (nor anywhere but that one enrolment).
      const listed = await users('', 'list', '--json');
      expect(listed.code).toBe(0);
      expect(listed.stdout).not.toContain(password);
      const json = JSON.parse(listed.stdout) as { data: { accounts: object[] } };
      expect(JSON.stringify(json)).not.toContain(secret);
      expect(Object.keys(json.data.accounts[0]!).sort()).toEqual(
        ['created_at', 'disabled_at', 'display_name', 'login', 'phone', 'role', 'second_factor', 'updated_at'].sort(),
      );

      expect(await withServer((app) => signIn(app, 'amina.admin', password, secret))).toBe(200);
    },
    SLOW,
  );

  it(
    'refuses a password given as an argument, a short one, a taken login and an SMS account without a phone',
    async () => {
      const argv = await users('', 'add', 'juma.haji', '--name', 'Juma', '--role', 'officer', '--password', 'x');
      expect(argv.code).toBe(2);
      expect(argv.stderr).toContain('never an argument');
      const short = await users('short\n', 'add', 'juma.haji', '--name', 'Juma Haji', '--role', 'officer');
      expect(short.code).toBe(1);
      expect(short.stderr).toContain(
        `/password: ${(api.en.staff_accounts as never as { fields: Record<string, string> }).fields.password_length}`,
      );
      const taken = await users(`${password}\n`, 'add', 'amina.admin', '--name', 'Another', '--role', 'officer');
      expect(taken.code).toBe(1);
      expect(taken.stderr).toContain(texts.login_taken!.replace('{{login}}', 'amina.admin'));
      const noPhone = await users(
        `${password}\n`,
        'add',
        'sms.user',
        '--name',
        'Sms User',
        '--role',
        'officer',
        '--second-factor',
        'sms',
      );
      expect(noPhone.code).toBe(1);
      expect(noPhone.stderr).toContain('/phone');
      const wrongRole = await users(
        `${password}\n`,
        'add',
        'juma.haji',
        '--name',
        'Juma Haji',
        '--role',
        'boss',
        '--lang',
        'sw',
      );
      expect(wrongRole.code).toBe(1);
      expect(wrongRole.stderr).toContain('policy_editor, policy_publisher, officer, admin');
      const listed = await users('', 'list', '--json');
      expect((JSON.parse(listed.stdout) as { data: { accounts: unknown[] } }).data.accounts).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'adds an SMS account (phone written any way), changes a role, disables and enables, resets a password',
    async () => {
      const sms = await users(
        'an sms account password\n',
        'add',
        'juma.haji',
        '--name',
        'Juma Haji',
        '--role',
        'policy_editor',
        '--second-factor',
        'sms',
        '--phone',
        '0777 123 456',
      );
      expect(sms.code, sms.stderr).toBe(0);
      expect(sms.stdout).not.toContain('otpauth://');
      expect((await users('', 'set-role', 'juma.haji', 'officer')).code).toBe(0);
      const listed = await users('', 'list');
      expect(listed.stdout).toMatch(/juma\.haji +Juma Haji +officer +sms +\+255777123456 +enabled/);

      const disabled = await users('', 'disable', 'amina.admin');
      expect(disabled.code).toBe(0);
      expect(disabled.stdout).toContain(texts.disabled!.replace('{{login}}', 'amina.admin'));
      expect((await users('', 'list')).stdout).toMatch(/amina\.admin .* disabled \d{4}-\d{2}-\d{2}/);
      expect(await withServer((app) => signIn(app, 'amina.admin', password, secret))).toBe(401);

      expect((await users('', 'enable', 'amina.admin')).code).toBe(0);
      const reset = await users('a brand new password\n', 'reset-password', 'amina.admin');
      expect(reset.code, reset.stderr).toBe(0);
      const unknown = await users('', 'disable', 'nobody.here');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(texts.not_found!.replace('{{login}}', 'nobody.here'));
      // The old password no longer; the new one with the same authenticator (a code of the next step: the last one is spent).
      expect(
        await withServer(async (app) => {
          const old = await post(app, '/api/staff/session/sign_in', { login: 'amina.admin', password });
          const started = await post<Envelope<{ sign_in_id: string }>>(app, '/api/staff/session/sign_in', {
            login: 'amina.admin',
            password: 'a brand new password',
          });
          const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
          const verified = await post(app, '/api/staff/session/verify', {
            sign_in_id: started.body!.response.data.sign_in_id,
            code,
          });
          return [old.status, started.status, verified.status];
        }),
      ).toEqual([401, 200, 200]);
    },
    SLOW,
  );

  it(
    'records changes to applications under --as, which must be an enabled officer or admin',
    async () => {
      const asEditor = await staffCli(['set-status', 'K7PQ2-M9XHT', 'under_review', '--as', 'juma.haji'], env);
      // juma.haji is an officer now: the application is unknown (404 → exit 1), not the account.
      expect(asEditor.stderr).not.toContain(texts.as_refused!.replace('{{login}}', 'juma.haji'));
      expect((await users('', 'set-role', 'juma.haji', 'policy_editor')).code).toBe(0);
      for (const login of ['juma.haji', 'nobody.here']) {
        const refused = await staffCli(['set-status', 'K7PQ2-M9XHT', 'under_review', '--as', login], env);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(texts.as_refused!.replace('{{login}}', login));
      }
    },
    SLOW,
  );
});
