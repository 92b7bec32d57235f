// Connected-account isolation on every route (issue 16): rows of a platform and of its
// connected account never cross, whichever GET route of /v1 reads them. Every list route and
// every retrieve route of the OpenAPI document is called as each side; the other side's ids
// never appear in an answer, and retrieving them is never a 200. The platform's event list is
// the one documented exception: it includes its connected accounts' events (marked `account`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, TEA_ORDER, type TestServer } from '../helpers/server.js';

let t: TestServer;
let platformKey: string;
let connected: string;
const as = (id: string) => ({ 'X-Account-Id': id });

/** A few rows of every kind one side can make; their ids. */
async function seed(key: string, headers: Record<string, string> = {}): Promise<string[]> {
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await api(t.url, path, { key, body, headers });
    expect(res.status, `${path}: ${res.text}`).toBe(201);
    return res.body;
  };
  const customer = await post('/v1/customers', { name: 'Sweep customer', email: 'sweep@example.com' });
  const product = await post('/v1/products', { name: 'Sweep product', price: 1500, currency: 'usd' });
  const order = await post('/v1/orders', { ...TEA_ORDER, customer: customer.id });
  const invoice = await post('/v1/invoices', { customer: customer.id, currency: 'usd', items: [{ description: 'Sweep', quantity: 1, unit_amount: 1000 }], days_until_due: 7 });
  const price = await post('/v1/prices', { product: product.id, currency: 'usd', unit_amount: 1500, recurring: { interval: 'month' } });
  const hook = await post('/v1/webhooks', { url: 'https://example.com/sweep', events: ['order.created'] });
  const payment = await post('/v1/payments', { amount: 1200, currency: 'usd', payment_method: 'pm_card_visa', customer: customer.id });
  return [customer.id, product.id, order.id, order.items[0].id, invoice.id, price.id, hook.id, payment.id];
}

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_WORKER: 'false' });
  platformKey = (await t.newAccount()).key;
  connected = (await api(t.url, '/v1/accounts', { key: platformKey, body: { name: 'Sweep GmbH', country: 'DE', default_currency: 'eur' } })).body.id;
});
afterAll(async () => { await t?.stop(); });

describe('connected-account isolation on every GET route', () => {
  it('neither side reads the other\'s rows through any list or retrieve route', async () => {
    const platformIds = await seed(platformKey);
    const connectedIds = await seed(platformKey, as(connected));
    const doc = (await api(t.url, '/openapi.json', {})).body as { paths: Record<string, Record<string, unknown>> };
    const gets = Object.entries(doc.paths).filter(([p, ops]) => p.startsWith('/v1/') && 'get' in ops).map(([p]) => p);
    const lists = gets.filter((p) => !p.includes('{'));
    const retrieves = gets.filter((p) => /^\/v1\/[a-z_/]+\/\{id\}$/.test(p));
    expect(lists.length).toBeGreaterThan(30);
    expect(retrieves.length).toBeGreaterThanOrEqual(20);

    const sides = [
      { name: 'connected (X-Account-Id)', headers: as(connected), foreign: platformIds, exempt: [] as string[] },
      // the platform's own event list includes its connected accounts' events by design
      { name: 'platform', headers: {}, foreign: connectedIds, exempt: ['/v1/events', '/v1/events/list', '/v1/accounts', '/v1/accounts/list'] },
    ];
    let answered = 0;
    for (const side of sides) {
      for (const path of lists) {
        if (side.exempt.includes(path)) continue;
        const res = await api(t.url, `${path}${path.includes('?') ? '&' : '?'}limit=100`, { key: platformKey, headers: side.headers });
        expect(res.status, `${side.name} GET ${path}: ${res.text.slice(0, 300)}`).toBeLessThan(500);
        if (res.status === 200) answered++;
        for (const id of side.foreign) expect(res.text.includes(id), `${side.name} GET ${path} shows ${id}`).toBe(false);
      }
      for (const path of retrieves) {
        for (const id of side.foreign) {
          const res = await api(t.url, path.replace('{id}', id), { key: platformKey, headers: side.headers });
          expect(res.status, `${side.name} GET ${path} ${id}`).not.toBe(200);
          expect(res.status, `${side.name} GET ${path} ${id}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
        }
      }
    }
    expect(answered).toBeGreaterThan(40);
    // what the platform's event list shows of the connected account is marked as such
    const events = (await api(t.url, '/v1/events?limit=100', { key: platformKey })).body.data as { account?: string; data: { object: { id: string } } }[];
    const theirs = events.filter((e) => connectedIds.includes(e.data.object.id));
    expect(theirs.length).toBeGreaterThan(0);
    for (const e of theirs) expect(e.account).toBe(connected);
  });
});
