// The key cache of KeyAuthenticator against a real database: valid principals live in a bounded
// LRU that a flood of unknown keys cannot flush (they have a bounded cache of their own), lookups
// of one key at once are shared, and revocation takes effect within the TTL.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import { KeyAuthenticator } from '../../src/auth/keys.js';
import { startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A well-formed secret key that no database holds. */
function randomKey(): string {
  let s = '';
  for (const b of randomBytes(40)) s += ALPHABET[b % 62];
  return `sk_test_${s}`;
}

async function refusal(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return (err as ApiError).code;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestServer;
let acct: TestAccount;
beforeAll(async () => {
  // statements are counted for the whole server: no delivery worker polling meanwhile
  t = await startTestServer({ WEBHOOK_WORKER: 'false', PAYMENT_WORKER: 'false' });
  acct = await t.newAccount();
});
afterAll(async () => {
  await t?.stop();
});

const queries = () => t.server.db.queryCount();

describe('KeyAuthenticator cache', () => {
  it('20,000 unknown well-formed keys do not flush a valid cached principal; unknown keys still fail', async () => {
    // a TTL longer than the flood takes: only eviction could make the valid key query again
    const auth = new KeyAuthenticator(t.server.db.prisma, 10 * 60_000);
    const valid = await acct.newKey();
    const principal = await auth.fromSecret(valid.secret);
    expect(principal).toMatchObject({ keyId: valid.id, accountId: acct.accountId, type: 'secret' });

    const unknown: string[] = [];
    for (let i = 0; i < 20_000; i += 200) {
      const batch = Array.from({ length: 200 }, randomKey);
      unknown.push(...batch);
      const codes = await Promise.all(batch.map((k) => refusal(auth.fromSecret(k))));
      expect(new Set(codes)).toEqual(new Set(['INVALID_API_KEY']));
    }

    const before = queries();
    expect(await auth.fromSecret(valid.secret)).toEqual(principal);
    expect(queries() - before, 'the valid key was answered from the cache').toBe(0);

    // the most recent unknown key is a cached refusal: no query, still INVALID_API_KEY
    const again = queries();
    expect(await refusal(auth.fromSecret(unknown[unknown.length - 1]))).toBe('INVALID_API_KEY');
    expect(queries() - again).toBe(0);
    // a fresh unknown key is looked up, and refused
    expect(await refusal(auth.fromSecret(randomKey()))).toBe('INVALID_API_KEY');
  });

  it('the caches are bounded: the least recently used entry of each is looked up again', async () => {
    const auth = new KeyAuthenticator(t.server.db.prisma, 10 * 60_000, { maxEntries: 2, maxNegativeEntries: 3 });
    const [a, b, c] = await Promise.all([acct.newKey(), acct.newKey(), acct.newKey()]);
    await auth.fromSecret(a.secret);
    await auth.fromSecret(b.secret);
    await auth.fromSecret(a.secret); // a is now more recent than b
    await auth.fromSecret(c.secret); // evicts b
    let n = queries();
    await auth.fromSecret(a.secret);
    await auth.fromSecret(c.secret);
    expect(queries() - n, 'a and c are cached').toBe(0);
    await auth.fromSecret(b.secret);
    expect(queries() - n, 'b was evicted').toBeGreaterThan(0);

    // refusals fill only their own cache
    for (let i = 0; i < 10; i++) expect(await refusal(auth.fromSecret(randomKey()))).toBe('INVALID_API_KEY');
    n = queries();
    await auth.fromSecret(b.secret);
    await auth.fromSecret(c.secret);
    expect(queries() - n).toBe(0);
  });

  it('concurrent authentications of one key share one lookup', async () => {
    const auth = new KeyAuthenticator(t.server.db.prisma);
    const key = await acct.newKey();
    const n = queries();
    const all = await Promise.all(Array.from({ length: 20 }, () => auth.fromSecret(key.secret)));
    const perLookup = queries() - n;
    expect(all.every((p) => p.keyId === key.id)).toBe(true);
    // one lookup's statements, not twenty
    const single = new KeyAuthenticator(t.server.db.prisma);
    const m = queries();
    await single.fromSecret(key.secret);
    expect(perLookup).toBe(queries() - m);
  });

  it('a revoked key stops working within the TTL (2 s)', async () => {
    const auth = new KeyAuthenticator(t.server.db.prisma);
    const key = await acct.newKey();
    await auth.fromSecret(key.secret);
    await t.server.db.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    const revokedAt = Date.now();
    let code: string | undefined;
    while (!(code = await refusal(auth.fromSecret(key.secret)))) {
      expect(Date.now() - revokedAt, 'still accepted past the TTL').toBeLessThan(2_500);
      await sleep(50);
    }
    expect(code).toBe('INVALID_API_KEY');
    // and stays refused, from the refusal cache
    const n = queries();
    expect(await refusal(auth.fromSecret(key.secret))).toBe('INVALID_API_KEY');
    expect(queries() - n).toBe(0);
  });

  it('an account in steady use is revalidated in the background past half the TTL: no request waits for it', async () => {
    const auth = new KeyAuthenticator(t.server.db.prisma, 600);
    const key = await acct.newKey();
    await auth.fromSecret(key.secret);
    const reloads = auth.counts.reload;
    // before half the TTL: nothing
    await auth.fromSecret(key.secret);
    expect(auth.counts.reload).toBe(reloads);
    await sleep(350);
    // past half: this request answers from the cache at once (no statement awaited), and the
    // reload it started runs on
    await auth.fromSecret(key.secret);
    const inFlight = (auth as unknown as { reloading: Map<string, Promise<void>> }).reloading;
    expect(inFlight.size).toBe(1);
    expect(auth.counts.reload).toBe(reloads);
    await Promise.all(inFlight.values());
    expect(auth.counts.reload).toBe(reloads + 1);
    // the entry is fresh again: past the old TTL, still no waiting, no reload
    await sleep(300);
    await auth.fromSecret(key.secret);
    expect(auth.counts.reload).toBe(reloads + 1);
    // and a revocation still lands within the TTL
    await t.server.db.prisma.apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    const revokedAt = Date.now();
    while (!(await refusal(auth.fromSecret(key.secret)))) {
      expect(Date.now() - revokedAt, 'still accepted past the TTL').toBeLessThan(900);
      await sleep(20);
    }
  });

  it('accounts revalidated at the same moment are read together: one query for many accounts, and each one still judged on its own', async () => {
    const auth = new KeyAuthenticator(t.server.db.prisma, 400);
    const accounts = await Promise.all(Array.from({ length: 12 }, () => t.newAccount()));
    for (const a of accounts) await auth.fromSecret(a.key);
    // one key among them revoked: only that one is refused after the reload
    const revoked = accounts[5];
    await t.server.db.prisma.apiKey.updateMany({ where: { accountId: revoked.accountId }, data: { revokedAt: new Date() } });
    const one = new KeyAuthenticator(t.server.db.prisma, 400);
    await one.fromSecret(accounts[0].key);
    await sleep(450);
    // the statements of a single account's reload
    let n = queries();
    await one.fromSecret(accounts[0].key);
    const single = queries() - n;
    expect(single).toBeGreaterThan(0);
    // past the TTL every request waits for its account's reload: twelve at once share one read
    const reloads = auth.counts.reload;
    n = queries();
    const codes = await Promise.all(accounts.map((a) => refusal(auth.fromSecret(a.key))));
    expect(queries() - n).toBe(single);
    expect(auth.counts.reload).toBe(reloads + 12);
    expect(codes).toEqual(accounts.map((a) => (a === revoked ? 'INVALID_API_KEY' : undefined)));
  });
});
