import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { BrowserContext, FrameLocator, Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';
import type { StaffRole } from '../../src/shared/api/staff-session';
import { STUDIO_API, STUDIO_PAGE } from '../../src/shared/api/studio';
import type { FormsDocument } from '../../src/shared/forms';
import { FORMS_RECHECK_MS } from '../../src/server/forms/form-registry';
import { killAll, post, ROOT, startServer, stop, type Answer, type ServerProcess } from '../faults/server-process';
import { tr, type Lng } from './locales';
import { bundledScript } from '../support/bundled-script';
import { copySeededDataDir } from '../support/pglite-template';

/**
 * The studio's browser tests (issue 18): staff accounts made as docs/staff-accounts.md says (`npm run staff --
 * users add`), their second factor computed from the secret the command prints, and the studio's
 * pages and calls as a staff member meets them.
 */

/** A whole studio journey on a loaded 2-core machine. */
export const STUDIO_TIMEOUT_MS = 240_000;
/** Another server serves a published version within FORMS_RECHECK_MS; the rest is a request on a loaded machine. */
export const SEEN_WITHIN_MS = FORMS_RECHECK_MS + 3000;

export interface StaffUser {
  login: string;
  name: string;
  role: StaffRole;
  password: string;
  /** The authenticator app's secret, printed once by the command. */
  secret: string;
  /** The time step of the last code used: a code is accepted once (staff-totp.ts). */
  lastStep?: number;
}

/** Where the command writes: a PGlite data directory (the server stopped) or PostgreSQL (any time). */
export type AccountsDatabase = { dataDir: string } | { databaseUrl: string };

/** `npm run staff -- users add <login> --name … --role … --json`, the password on stdin as from a script. */
export async function addStaff(
  where: AccountsDatabase,
  login: string,
  name: string,
  role: StaffRole,
): Promise<StaffUser> {
  const password = `pw-${randomBytes(9).toString('hex')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...('dataDir' in where ? { DATA_DIR: where.dataDir, DATABASE_URL: '' } : { DATABASE_URL: where.databaseUrl }),
  };
  const args = ['users', 'add', login, '--name', name, '--role', role, '--json'];
  const script = await bundledScript('src/server/scripts/staff.ts');
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env, stdio: 'pipe' });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stdin.end(`${password}\n`);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`staff users add ${login} exited ${code}:\n${out}`);
  const json = JSON.parse(out.slice(out.indexOf('{'))) as { data: { totp?: { secret: string } } };
  const secret = json.data.totp?.secret;
  if (!secret) throw new Error(`No authenticator secret printed for ${login}:\n${out}`);
  return { login, name, role, password, secret };
}

/**
 * The authenticator app's code now. A code is accepted once per 30 s step, and the step after this one
 * is accepted too (a phone's clock a little ahead): a second sign-in within the same step uses it.
 */
export async function totpCode(user: StaffUser): Promise<string> {
  const step = Math.floor(Date.now() / 30_000);
  const use = user.lastStep === undefined || user.lastStep < step ? step : user.lastStep + 1;
  if (use > step + 1) throw new Error(`${user.login} signed in more than twice within 30 s`);
  user.lastStep = use;
  return generate({ secret: user.secret, epoch: use * 30 });
}

export const studioText = (lng: Lng, key: string, params?: Record<string, string | number>) =>
  tr(lng, `studio:${key}`, params);

export const navLink = (page: Page, lng: Lng, key: string) =>
  page
    .getByRole('navigation', { name: studioText(lng, 'nav.label') })
    .getByRole('link', { name: studioText(lng, key), exact: true });

/** Sign in on the studio's page: login and password, then the authenticator's code; the overview opens. */
export async function signIn(page: Page, user: StaffUser, lng: Lng): Promise<void> {
  await page.goto(STUDIO_PAGE);
  await page.getByRole('heading', { level: 1, name: studioText(lng, 'sign_in.title') }).waitFor();
  await page.getByRole('textbox', { name: studioText(lng, 'sign_in.login') }).fill(user.login);
  await page.getByLabel(studioText(lng, 'sign_in.password')).fill(user.password);
  await page.getByRole('button', { name: studioText(lng, 'sign_in.continue'), exact: true }).click();
  const code = page.getByRole('textbox', { name: studioText(lng, 'sign_in.code') });
  await code.fill(await totpCode(user));
  await page.getByRole('button', { name: studioText(lng, 'sign_in.sign_in'), exact: true }).click();
  await page.getByRole('heading', { level: 1, name: studioText(lng, 'overview.title') }).waitFor();
  await page
    .getByText(studioText(lng, 'app.signed_in_as', { name: user.name, role: studioText(lng, `roles.${user.role}`) }))
    .waitFor();
}

/** A studio call made by the page itself (its cookies, its origin): what a script in that page could do. */
export function callFromPage(
  page: Page,
  call: string,
  body: unknown = {},
): Promise<{ status: number; code: number | undefined; cacheControl: string | null }> {
  return page.evaluate(
    async ([url, payload]) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(payload),
      });
      const json = (await res.json().catch(() => null)) as { response?: { code?: number } } | null;
      return { status: res.status, code: json?.response?.code, cacheControl: res.headers.get('cache-control') };
    },
    [`${STUDIO_API}/${call}`, body] as const,
  );
}

/** A studio call from the test, with the staff session cookie the browser of `context` holds. */
export async function callAs<D>(context: BrowserContext, server: ServerProcess, call: string, body: unknown = {}) {
  const cookies = await context.cookies(`${server.url}${STUDIO_API}`);
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const res = await post<D>(server.url, `${STUDIO_API}/${call}`, body, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`studio ${call} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!.response.data;
}

/** A call of the portal that must succeed; its answer's data. */
export async function call<D>(server: ServerProcess, url: string, body: unknown, lng: Lng = 'en'): Promise<D> {
  const res = await post<D>(server.url, url, body, { headers: { 'accept-language': lng } });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body!.response.data;
}

/** The paths of a 422's errors, e.g. ['/personal/tin']. */
export const errorPaths = (res: Answer) =>
  ((res.body?.response.data as { errors?: { path: string }[] } | undefined)?.errors ?? []).map((e) => e.path);

/** Waits until `server` serves forms version `version` (no restart, no build: the recheck of the registry). */
export async function servedVersion(server: ServerProcess, version: number): Promise<FormsDocument> {
  return vi.waitFor(
    async () => {
      const forms = await call<FormsDocument>(server, '/api/forms/get_forms', {});
      expect(forms.version, `the version ${server.url} serves`).toBe(String(version));
      return forms;
    },
    { timeout: SEEN_WITHIN_MS, interval: 100 },
  );
}

/** The preview frame of one language on the step editor's page. */
export const previewFrame = (page: Page, ui: Lng, frame: Lng): FrameLocator =>
  page.frameLocator(
    `iframe[title="${studioText(ui, 'preview.frame_title', { language: studioText(ui, `editor.language.${frame}`) })}"]`,
  );

/** A question's card on the step editor (its section is named by its heading "Question n: <label>"). */
export function questionCard(page: Page, lng: Lng, label: string): Locator {
  const heading = escapeRegExp(studioText(lng, 'editor.question_heading', { number: '@N@', title: '@T@' }));
  const name = new RegExp(`^${heading.replace('@N@', '\\d+').replace('@T@', escapeRegExp(label))}$`);
  return page.getByRole('region', { name });
}

/** A text box of a bilingual pair in a card: "<what> in English" / "… in Swahili". */
export const bilingualBox = (scope: Locator | Page, ui: Lng, whatKey: string, language: Lng): Locator =>
  scope.getByRole('textbox', {
    name: studioText(ui, 'editor.in_language', {
      what: studioText(ui, whatKey),
      language: studioText(ui, `editor.language.${language}`),
    }),
    exact: true,
  });

/** The save status of a card ("Saving…", "Saved", or why not). */
export const saveStatus = (card: Locator): Locator => card.getByRole('status');

/** Waits until a card says Saved. */
export async function saved(card: Locator, lng: Lng): Promise<void> {
  await expect
    .poll(() => saveStatus(card).textContent(), { timeout: 15_000 })
    .toBe(studioText(lng, 'editor.status.saved'));
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Adds a question at the end of the open step: its words in English and Swahili, its kind of answer; answers its card.
 */
export async function addQuestion(
  page: Page,
  lng: Lng,
  words: { en: string; sw: string },
  name: string,
  type = 'text',
): Promise<Locator> {
  const form = page.getByRole('form', { name: studioText(lng, 'editor.add.heading') });
  await form.getByRole('textbox', { name: studioText(lng, 'editor.add.words') }).fill(words.en);
  await form.getByRole('textbox', { name: studioText(lng, 'editor.add.words_sw') }).fill(words.sw);
  await form.getByRole('textbox', { name: studioText(lng, 'editor.add.name') }).fill(name);
  await form.getByRole('combobox', { name: studioText(lng, 'editor.type_label') }).selectOption(type);
  await form.getByRole('button', { name: studioText(lng, 'editor.add.submit'), exact: true }).click();
  const card = questionCard(page, lng, words.en);
  await card.waitFor();
  return card;
}

/** Opens a step's editor from the overview's list (the link named by the step's title). */
export async function openStep(page: Page, lng: Lng, title: string): Promise<void> {
  await navLink(page, lng, 'nav.overview').click();
  await page.getByRole('link', { name: title, exact: true }).first().click();
  await page.getByRole('heading', { level: 1, name: studioText(lng, 'editor.heading', { title }) }).waitFor();
}

/** The page's errors but the expected 401 of the studio asking who is signed in before anyone is. */
export const unexpected = (errors: string[]) =>
  errors.filter((e) => !/status of 401 .*\/api\/staff\/session\/current/.test(e));

export interface StudioServer {
  server: ServerProcess;
  users: StaffUser[];
  temp: string;
}

/**
 * One server of its own on PGlite, with staff accounts made first by the command on its data
 * directory (PGlite has one user at a time: the command, then the server).
 */
export async function studioServer(accounts: [login: string, name: string, role: StaffRole][]): Promise<StudioServer> {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'kibali-studio-'));
  const dataDir = path.join(temp, 'data');
  await copySeededDataDir(dataDir);
  const users: StaffUser[] = [];
  for (const [login, name, role] of accounts) users.push(await addStaff({ dataDir }, login, name, role));
  const server = await startServer({
    dataDir,
    env: { DEV_TOOLS: '1', STATIC_DIR: path.join(ROOT, 'dist/client') },
  });
  return { server, users, temp };
}

export async function stopStudioServer(running: StudioServer | undefined): Promise<void> {
  if (running) await stop(running.server);
  await killAll();
  if (running) rmSync(running.temp, { recursive: true, force: true });
}

/** Switches the studio's language with its own switch (no reload). */
export async function switchLanguage(page: Page, to: Lng): Promise<void> {
  await page
    .getByRole('button', { name: to === 'sw' ? 'Kiswahili' : 'English', exact: true })
    .first()
    .click();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(to);
}
