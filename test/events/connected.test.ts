// GET /v1/events and GET /v1/events/{id} of a platform's own key follow its connected accounts
// as they are at the moment of the request: an account connected a moment ago has its events
// listed and retrievable on the very next request, one no longer connected (there is no API for
// that: its platformId cleared in the database) has them gone on the next; nobody else ever sees them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

let t: TestServer;
let platform: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  t = await startTestServer();
  platform = await t.newAccount();
  other = await t.newAccount();
}, 120_000);
afterAll(async () => { await t?.stop(); });

async function connect(name: string): Promise<string> {
  const res = await api(t.url, '/v1/accounts', { key: platform.key, body: { name, country: 'DE', default_currency: 'eur' } });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

/** A customer made on `accountId` (the platform acting for it) and the id of its customer.created event. */
async function eventOn(accountId: string, name: string): Promise<string> {
  const made = await api(t.url, '/v1/customers', { key: platform.key, body: { name }, headers: { 'X-Account-Id': accountId } });
  expect(made.status, made.text).toBe(201);
  const listed = await api(t.url, '/v1/events?type=customer.created&limit=100', { key: platform.key, headers: { 'X-Account-Id': accountId } });
  const event = listed.body.data.find((e: any) => e.data.object.id === made.body.id);
  expect(event, `the event of ${name}`).toBeDefined();
  return event.id;
}

const listedBy = async (key: string) =>
  (await api(t.url, '/v1/events?type=customer.created&limit=100', { key })).body.data.map((e: any) => e.id as string);

describe("a platform's events API follows its connected accounts", () => {
  it('a newly connected account\'s events on the very next request; a disconnected one\'s gone on the next', async () => {
    const first = await connect('First GmbH');
    const firstEvent = await eventOn(first, 'First customer');
    // the platform has listed and retrieved before the second account exists
    expect(await listedBy(platform.key)).toContain(firstEvent);
    expect((await api(t.url, `/v1/events/${firstEvent}`, { key: platform.key })).body.account).toBe(first);

    const second = await connect('Second GmbH');
    const secondEvent = await eventOn(second, 'Second customer');
    expect(await listedBy(platform.key)).toEqual(expect.arrayContaining([firstEvent, secondEvent]));
    const retrieved = await api(t.url, `/v1/events/${secondEvent}`, { key: platform.key });
    expect(retrieved.status, retrieved.text).toBe(200);
    expect(retrieved.body.account).toBe(second);

    // disconnected behind the API's back: the very next requests no longer include it
    await t.server.db.prisma.account.update({ where: { id: second }, data: { platformId: null } });
    const after = await listedBy(platform.key);
    expect(after).toContain(firstEvent);
    expect(after).not.toContain(secondEvent);
    expect((await api(t.url, `/v1/events/${secondEvent}`, { key: platform.key })).status).toBe(404);
    expect((await api(t.url, `/v1/events/${firstEvent}`, { key: platform.key })).status).toBe(200);

    // another account never reads them; a platform's own event is not its connected accounts'
    expect(await listedBy(other.key)).not.toContain(firstEvent);
    expect((await api(t.url, `/v1/events/${firstEvent}`, { key: other.key })).status).toBe(404);
    const own = await api(t.url, '/v1/customers', { key: platform.key, body: { name: 'Platform own' } });
    const ownEvent = (await api(t.url, '/v1/events?type=customer.created&limit=100', { key: platform.key })).body.data.find((e: any) => e.data.object.id === own.body.id);
    expect(ownEvent.account ?? null).toBeNull();
    expect((await api(t.url, `/v1/events/${ownEvent.id}`, { key: platform.key, headers: { 'X-Account-Id': first } })).status).toBe(404);
    expect((await api(t.url, `/v1/events/${firstEvent}`, { key: platform.key, headers: { 'X-Account-Id': first } })).status).toBe(200);
  });

  it('retrieving one event costs the platform no look-up of its connected accounts: the event and its pending deliveries, 2 statements', async () => {
    const account = await connect('Count GmbH');
    const event = await eventOn(account, 'Counted customer');
    const statements: number[] = [];
    // the least of a few tries: a background worker's statement can only add to one
    for (let i = 0; i < 3; i++) {
      const before = t.server.db.queryCount();
      expect((await api(t.url, `/v1/events/${event}`, { key: platform.key })).status).toBe(200);
      statements.push(t.server.db.queryCount() - before);
    }
    expect(Math.min(...statements)).toBe(2);
  });

  it('in the key\'s mode only: a live key reads none of the connected accounts\' test events', async () => {
    const account = await connect('Mode GmbH');
    const event = await eventOn(account, 'Test-mode customer');
    const live = (await platform.newKey({ mode: 'live' })).secret;
    expect((await api(t.url, `/v1/events/${event}`, { key: live })).status).toBe(404);
    expect(await listedBy(live)).not.toContain(event);
  });
});
