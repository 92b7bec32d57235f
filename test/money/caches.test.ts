// The bounded caches of the money module: checksummed addresses (address.ts) and remembered
// wallets (ledger.ts). At their bound the entries remembered longest ago go first, one at a
// time; recent ones stay (they used to be dropped all at once).
import { describe, expect, it } from 'vitest';
import { checksumAddress, checksumRemembered, MAX_REMEMBERED, rememberBounded } from '../../src/modules/money/address.js';
import { rememberedWallet, rememberWallet, type WalletRef } from '../../src/modules/money/ledger.js';

const addressOf = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

describe('rememberBounded', () => {
  it('at the bound drops the oldest entry only, and tells which', () => {
    const map = new Map<string, number>();
    const dropped: [string, number][] = [];
    for (const [k, v] of [['a', 1], ['b', 2], ['c', 3]] as const) rememberBounded(map, k, v, 3, (key, value) => dropped.push([key, value]));
    expect(dropped).toEqual([]);
    // a hit does not make an entry younger; replacing a key already there evicts nothing
    expect(map.get('a')).toBe(1);
    rememberBounded(map, 'b', 20, 3, (key, value) => dropped.push([key, value]));
    expect(dropped).toEqual([]);
    expect([...map]).toEqual([['a', 1], ['b', 20], ['c', 3]]);
    rememberBounded(map, 'd', 4, 3, (key, value) => dropped.push([key, value]));
    expect(dropped).toEqual([['a', 1]]);
    expect([...map.keys()]).toEqual(['b', 'c', 'd']);
    rememberBounded(map, 'e', 5, 3);
    expect([...map.keys()]).toEqual(['c', 'd', 'e']);
  });

  it('a map over its bound (a smaller bound than it was filled with) comes back under it', () => {
    const map = new Map([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
    rememberBounded(map, 'e', 5, 2);
    expect([...map.keys()]).toEqual(['d', 'e']);
  });
});

describe('checksummed addresses', () => {
  it(`past ${MAX_REMEMBERED} addresses the first one is forgotten, the latest ones stay, and answers do not change`, () => {
    const first = addressOf(1);
    const firstChecksum = checksumAddress(first);
    for (let i = 2; i <= MAX_REMEMBERED + 1; i++) checksumAddress(addressOf(i));
    expect(checksumRemembered(first)).toBe(false);
    expect(checksumRemembered(addressOf(MAX_REMEMBERED + 1))).toBe(true);
    expect(checksumRemembered(addressOf(MAX_REMEMBERED))).toBe(true);
    // computed again when asked again, the same answer
    expect(checksumAddress(first)).toBe(firstChecksum);
    // the EIP-55 example address, whatever the cache holds
    expect(checksumAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  });
});

describe('remembered wallets', () => {
  const wallet = (n: number): WalletRef => ({
    id: `la_${n}`, code: `wallet:${n}`, kind: 'wallet', currency: 'usdx', address: addressOf(n), accountId: `acct_${n}`, livemode: false,
  });

  it('at the bound the wallet remembered longest ago is forgotten by id and by address; the others stay', () => {
    const db = {};
    for (let n = 1; n <= 3; n++) rememberWallet(db, wallet(n), 3);
    // remembering a known wallet again forgets nothing
    rememberWallet(db, wallet(1), 3);
    expect(rememberedWallet(db, { id: 'la_1' })).toBeDefined();
    rememberWallet(db, wallet(4), 3);
    expect(rememberedWallet(db, { id: 'la_1' })).toBeUndefined();
    expect(rememberedWallet(db, { address: addressOf(1) })).toBeUndefined();
    for (const n of [2, 3, 4]) {
      expect(rememberedWallet(db, { id: `la_${n}` })).toEqual(wallet(n));
      expect(rememberedWallet(db, { address: addressOf(n) })).toEqual(wallet(n));
    }
    // another database's wallets are its own
    expect(rememberedWallet({}, { id: 'la_4' })).toBeUndefined();
  });
});
