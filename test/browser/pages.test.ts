// The server's pages in a real browser with no internet: Debian's Chromium (driven by
// playwright-core, never its own browser download), every request to another host blocked.
// GraphiQL must render and run a typed query; Swagger UI must render the API description and
// call the API. Skips with the reason where Chromium is not installed (.ci/run installs it).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createHash, randomBytes } from 'node:crypto';
import { api, startTestServer, type TestServer } from '../helpers/server.js';
import { startReceiver } from '../helpers/receiver.js';
import { OAuthServer } from '../../src/oauth/server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`[browser tests skipped] no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`);

let t: TestServer;
let browser: Browser;
let key: string;

beforeAll(async () => {
  if (!hasChromium) return;
  t = await startTestServer();
  ({ key } = await t.newAccount());
  const { chromium } = await import('playwright-core');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t?.stop();
});

/** A page whose requests may reach this server only; what it tried elsewhere is recorded. */
async function offlinePage(headers: Record<string, string> = {}): Promise<{ page: Page; context: BrowserContext; foreign: string[]; errors: string[] }> {
  const context = await browser.newContext({ extraHTTPHeaders: headers });
  const foreign: string[] = [];
  const errors: string[] = [];
  const origin = new URL(t.url).origin;
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
    foreign.push(url);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, context, foreign, errors };
}

describe.skipIf(!hasChromium)('pages in a browser, offline', () => {
  it('GraphiQL renders, and a typed query runs and shows data', async () => {
    const created = await api(t.url, '/v1/customers', { key, body: { email: 'browser-check@example.com', name: 'Browser Check' } });
    expect(created.status).toBe(201);
    const { page, context, foreign, errors } = await offlinePage({ authorization: `Bearer ${key}` });
    try {
      const res = await page.goto(`${t.url}/graphql`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      // the query editor (Monaco) is up
      const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
      await editor.waitFor({ state: 'visible', timeout: 60_000 });
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      // typed as a user would; the editor closes brackets itself, so none are typed
      await page.keyboard.type('{ customers(limit: 5) { email name');
      // run it with GraphiQL's shortcut (the editor's suggestion box may cover the run button)
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Enter');
      // the response pane is an editor too: its spaces are non-breaking
      const shown = async () => ((await page.locator('.graphiql-response').textContent()) ?? '').replace(/\s+/g, ' ');
      await expect.poll(shown, { timeout: 30_000 }).toContain('browser-check@example.com');
      expect(await shown()).toContain('"name": "Browser Check"');
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the landing page renders offline and leads to the API reference', async () => {
    const { page, context, foreign, errors } = await offlinePage();
    try {
      const res = await page.goto(`${t.url}/`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toContain('Commerce API');
      await page.locator('a[href="/swagger-ui/"]').click();
      await page.locator('.swagger-ui .info .title').waitFor({ timeout: 60_000 });
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('Swagger UI renders the API description and calls the API', async () => {
    const { page, context, foreign, errors } = await offlinePage();
    try {
      const res = await page.goto(`${t.url}/swagger-ui/`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      await page.locator('.swagger-ui .info .title').waitFor({ timeout: 60_000 });
      expect(await page.locator('.swagger-ui .info .title').textContent()).toContain('Commerce API');
      // the operations of the description are listed, grouped by area
      await page.locator('#operations-orders-orders_create').waitFor({ timeout: 30_000 });
      // "Try it out" against the server: /health answers from the page
      const health = page.locator('#operations-operations-get_health');
      await health.locator('.opblock-summary').click();
      // "Try it out" is on from the start (uiConfig.tryItOutEnabled)
      await health.locator('.execute').click();
      // the live answer is its own table (the documented responses table also says "200",
      // and its header cell shares the status cell's class): wait for that row, then read it
      const live = health.locator('.live-responses-table tr.response');
      await live.first().waitFor({ timeout: 30_000 });
      expect(await live.first().locator('.response-col_status').textContent()).toContain('200');
      await expect.poll(async () => (await live.first().locator('.response-col_description').textContent()) ?? '', { timeout: 30_000 }).toContain('healthy');
      expect(foreign).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('the OAuth consent page: the owner types a secret key, approves, and lands on the partner with a code', async () => {
    const partner = await startReceiver();
    partner.answer = () => ({ status: 200, headers: { 'content-type': 'text/html' } });
    const oauth = new OAuthServer(t.server.db.prisma, { codeSecs: 60, accessSecs: 3600, refreshSecs: 3600 });
    const { client, clientSecret } = await oauth.createClient({ name: 'Browser Partner', redirectUris: [`${partner.url}/cb`] });
    const verifier = randomBytes(32).toString('base64url');
    const params = new URLSearchParams({
      client_id: client.id, redirect_uri: `${partner.url}/cb`, response_type: 'code', scope: 'orders:read', state: 'st-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
    });
    // this page may reach the server and the partner's origin, nothing else
    const context = await browser.newContext();
    const foreign: string[] = [];
    const allowed = [new URL(t.url).origin, new URL(partner.url).origin];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (allowed.some((o) => url.startsWith(o))) return route.continue();
      foreign.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    try {
      const res = await page.goto(`${t.url}/oauth/authorize?${params}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toContain('Browser Partner');
      // a wrong key: the page again, with the error
      await page.fill('#credential', 'sk_test_' + 'w'.repeat(32));
      await Promise.all([page.waitForLoadState('load'), page.click('button[value=approve]')]);
      expect(await page.locator('[role=alert]').textContent()).toMatch(/API key/);
      await page.fill('#credential', key);
      await Promise.all([page.waitForURL(`${partner.url}/cb?**`, { timeout: 30_000 }), page.click('button[value=approve]')]);
      const landed = new URL(page.url());
      expect(landed.searchParams.get('state')).toBe('st-1');
      const code = landed.searchParams.get('code')!;
      const tokens = await api(t.url, '/oauth/token', {
        rawBody: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${partner.url}/cb`, code_verifier: verifier, client_id: client.id, client_secret: clientSecret }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(tokens.status, tokens.text).toBe(200);
      expect(tokens.body.scope).toBe('orders:read');
      expect(foreign).toEqual([]);
    } finally {
      await context.close();
      await partner.close();
    }
  }, 120_000);
});
