// The list envelope and both pagination variants over 25 orders: cursor (next/previous),
// starting_after/ending_before, offset and page; bounds and bad cursors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, startTestServer, type TestAccount, type TestServer } from '../helpers/server.js';
import { createOrder, expectError, expectList, ids } from './envelope.js';

const N = 25;
let t: TestServer;
let acct: TestAccount;
/** every order id in the default order (created desc, id desc), read in one page */
let all: string[];

beforeAll(async () => {
  t = await startTestServer();
  acct = await t.newAccount();
  for (let i = 0; i < N; i++) {
    await createOrder(t.url, acct.key, { currency: 'usd', items: [{ name: `item ${i}`, quantity: 1, unit_amount: (i + 1) * 100 }] });
  }
  const one = await api(t.url, '/v1/orders?limit=100', { key: acct.key });
  all = ids(one);
});
afterAll(async () => { await t?.stop(); });

const list = (query: string) => api(t.url, `/v1/orders?${query}`, { key: acct.key });

function expectNoDuplicates(seen: string[]) {
  expect(new Set(seen).size).toBe(seen.length);
}

describe('list envelope', () => {
  it('carries data, pagination.* and meta.*; default limit 10', async () => {
    const res = await api(t.url, '/v1/orders', { key: acct.key });
    const b = expectList(res);
    expect(b.data).toHaveLength(10);
    expect(b.pagination).toMatchObject({ has_more: true, total_count: N, page_count: 3, current_page: 1, limit: 10, previous_cursor: null });
    expect(typeof b.pagination.next_cursor).toBe('string');
    expect(all).toHaveLength(N);
    expectNoDuplicates(all);
    expect(ids(res)).toEqual(all.slice(0, 10));
  });

  it('default order is newest first', async () => {
    const res = await list('limit=100');
    const created = res.body.data.map((o: any) => o.created);
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });
});

describe('cursor pagination', () => {
  it('walks forward with next_cursor and back with previous_cursor: no gaps, no duplicates', async () => {
    const pages: string[][] = [];
    const cursors: (string | null)[] = [];
    let res = await list('limit=10');
    for (;;) {
      const b = expectList(res);
      pages.push(ids(res));
      expect(b.pagination.total_count).toBe(N);
      expect(b.pagination.page_count).toBe(3);
      expect(b.pagination.current_page).toBe(pages.length);
      cursors.push(b.pagination.previous_cursor);
      if (!b.pagination.has_more) {
        expect(b.pagination.next_cursor).toBeNull();
        break;
      }
      expect(pages.length).toBeLessThan(10);
      res = await list(`limit=10&cursor=${encodeURIComponent(b.pagination.next_cursor)}`);
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(all);
    expect(cursors[0]).toBeNull();

    // backward from the last page
    const back: string[][] = [pages[2]];
    let prev = cursors[2];
    while (prev) {
      const r = await list(`limit=10&cursor=${encodeURIComponent(prev)}`);
      const b = expectList(r);
      back.unshift(ids(r));
      expect(b.pagination.current_page).toBe(3 - back.length + 1);
      expect(typeof b.pagination.next_cursor).toBe('string');
      prev = b.pagination.previous_cursor;
      expect(b.pagination.has_more).toBe(prev !== null);
      expect(back.length).toBeLessThan(10);
    }
    expect(back).toEqual(pages);
  });

  it('walks forward with starting_after and backward with ending_before', async () => {
    const forward: string[][] = [];
    let res = await list('limit=7');
    forward.push(ids(res));
    while (res.body.pagination.has_more) {
      res = await list(`limit=7&starting_after=${forward.at(-1)!.at(-1)}`);
      expectList(res);
      forward.push(ids(res));
      expect(forward.length).toBeLessThan(10);
    }
    expect(forward.map((p) => p.length)).toEqual([7, 7, 7, 4]);
    expect(forward.flat()).toEqual(all);

    const backward: string[][] = [];
    let before = all.at(-1)!;
    backward.unshift([before]);
    for (;;) {
      const r = await list(`limit=7&ending_before=${before}`);
      expectList(r);
      backward.unshift(ids(r));
      if (!r.body.pagination.has_more) break;
      before = ids(r)[0];
      expect(backward.length).toBeLessThan(10);
    }
    const flat = backward.flat();
    expectNoDuplicates(flat);
    expect(flat).toEqual(all);
  });

  it('walks a custom sort (amount asc) with cursors', async () => {
    const amounts: number[] = [];
    let res = await list('limit=6&sort=amount&order=asc');
    amounts.push(...res.body.data.map((o: any) => o.amount));
    while (res.body.pagination.next_cursor) {
      res = await list(`limit=6&sort=amount&order=asc&cursor=${encodeURIComponent(res.body.pagination.next_cursor)}`);
      expectList(res);
      amounts.push(...res.body.data.map((o: any) => o.amount));
      expect(amounts.length).toBeLessThanOrEqual(N);
    }
    expect(amounts).toEqual(Array.from({ length: N }, (_, i) => (i + 1) * 100));
  });
});

describe('offset and page', () => {
  it('offset=0,10,20 and page=1..3 give the same pages as the cursor walk', async () => {
    for (const [i, start] of [0, 10, 20].entries()) {
      const byOffset = await list(`limit=10&offset=${start}`);
      const byPage = await list(`limit=10&page=${i + 1}`);
      for (const r of [byOffset, byPage]) {
        const b = expectList(r);
        expect(ids(r)).toEqual(all.slice(start, start + 10));
        expect(b.pagination).toMatchObject({ current_page: i + 1, page_count: 3, total_count: N, has_more: i < 2 });
        expect(b.pagination.previous_cursor === null).toBe(i === 0);
      }
    }
  });

  it('a page past the end is empty and has no more', async () => {
    const b = expectList(await list('limit=10&page=4'));
    expect(b.data).toEqual([]);
    expect(b.pagination).toMatchObject({ has_more: false, next_cursor: null, total_count: N });
  });

  it('an offset next_cursor continues where the offset page ended', async () => {
    const r = await list('limit=5&offset=5');
    const next = await list(`limit=5&cursor=${encodeURIComponent(r.body.pagination.next_cursor)}`);
    expect(ids(next)).toEqual(all.slice(10, 15));
    expect(next.body.pagination.current_page).toBe(3);
  });
});

describe('bounds and bad input', () => {
  it.each(['limit=0', 'limit=101', 'limit=-1', 'limit=1.5', 'limit=abc', 'offset=10001', 'offset=-1', 'page=0', 'page=1002&limit=10'])(
    '%s is 400',
    async (q) => {
      const e = expectError(await list(q), 400, 'VALIDATION_ERROR');
      expect(e.details.errors.length).toBeGreaterThan(0);
    },
  );

  it('limit=1 and limit=100 are allowed; offset=10000 is allowed', async () => {
    expect(expectList(await list('limit=1')).data).toHaveLength(1);
    expect(expectList(await list('limit=100')).data).toHaveLength(N);
    expect(expectList(await list('offset=10000')).data).toHaveLength(0);
  });

  it('a garbage cursor is 400 in the envelope', async () => {
    for (const c of ['garbage', '', 'eyJ9', Buffer.from('null').toString('base64url'), Buffer.from('{"s":1}').toString('base64url')]) {
      const e = expectError(await list(`cursor=${encodeURIComponent(c)}`), 400, 'INVALID_FIELD_VALUE');
      expect(e.param).toBe('cursor');
    }
  });

  it('a cursor whose values were tampered with is 400, not a database error', async () => {
    const real = (await list('limit=2')).body.pagination.next_cursor;
    const state = JSON.parse(Buffer.from(real, 'base64url').toString());
    for (const v of [['not a date', state.v[1]], [state.v[0], 42], [null, null], [{}, []], ['0000-01-01T00:00:00Z', state.v[1]]]) {
      const forged = Buffer.from(JSON.stringify({ ...state, v })).toString('base64url');
      expectError(await list(`cursor=${forged}`), 400, 'INVALID_FIELD_VALUE');
    }
    const amountCursor = (await list('limit=2&sort=amount')).body.pagination.next_cursor;
    const s2 = JSON.parse(Buffer.from(amountCursor, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...s2, v: [99999999999999, s2.v[1]] })).toString('base64url');
    expectError(await list(`sort=amount&cursor=${forged}`), 400, 'INVALID_FIELD_VALUE');
  });

  it('a cursor from another sort order is 400', async () => {
    const byAmount = (await list('limit=5&sort=amount&order=asc')).body.pagination.next_cursor;
    expectError(await list(`limit=5&cursor=${encodeURIComponent(byAmount)}`), 400, 'INVALID_FIELD_VALUE');
    expectError(await list(`limit=5&sort=amount&order=desc&cursor=${encodeURIComponent(byAmount)}`), 400, 'INVALID_FIELD_VALUE');
    const byDefault = (await list('limit=5')).body.pagination.next_cursor;
    expectError(await list(`limit=5&sort=amount&cursor=${encodeURIComponent(byDefault)}`), 400, 'INVALID_FIELD_VALUE');
  });

  it('two pagination modes at once are 400', async () => {
    const c = (await list('limit=5')).body.pagination.next_cursor;
    expectError(await list(`cursor=${encodeURIComponent(c)}&offset=5`), 400, 'VALIDATION_ERROR');
    expectError(await list(`starting_after=${all[0]}&page=2`), 400, 'VALIDATION_ERROR');
    // the fault names a parameter that was sent
    const e = expectError(await list('offset=5&page=2'), 400, 'VALIDATION_ERROR');
    expect(e.param).toBe('page');
  });

  it('a cursor of another list is 400, even with the same sort order', async () => {
    const c = (await list('limit=2')).body.pagination.next_cursor;
    expectError(await api(t.url, `/v1/customers?cursor=${encodeURIComponent(c)}`, { key: acct.key }), 400, 'INVALID_FIELD_VALUE');
  });

  it('starting_after / ending_before an unknown id is 400', async () => {
    const e = expectError(await list('starting_after=ord_0000000000zzzzzzzzzzzzzzzz'), 400, 'INVALID_FIELD_VALUE');
    expect(e.param).toBe('starting_after');
    expect(expectError(await list('ending_before=nope'), 400, 'INVALID_FIELD_VALUE').param).toBe('ending_before');
  });
});
