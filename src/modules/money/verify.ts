// Checks the ledger from its rows alone: every transaction's postings sum to zero per currency
// (and unit: ledger.ts balanceKey),
// every chain (account and mode) links each transaction to the one before by its hash, every
// hash matches its content, and every ledger account's balance equals the sum of its postings
// and is not below zero unless it may be. Used by `ledger -- verify`, the tests and the bench.
import type { Prisma } from '../../db/client.js';
import { balanceKey, GENESIS_HASH, transactionHash, unbalanced } from './ledger.js';

export interface LedgerReport {
  transactions: number;
  postings: number;
  accounts: number;
  chains: number;
  problems: string[];
}

const PAGE = 2000;

type Reader = Parameters<Parameters<Prisma['$transaction']>[0]>[0];

/**
 * Reads the whole ledger in one snapshot (REPEATABLE READ): the server may keep writing while
 * this runs, and rows read by separate statements must agree (a movement committed between
 * reading the transactions and reading the balances is not a broken ledger).
 */
export async function verifyLedger(prisma: Prisma): Promise<LedgerReport> {
  return prisma.$transaction((tx) => verifySnapshot(tx), { isolationLevel: 'RepeatableRead', maxWait: 60_000, timeout: 3_600_000 });
}

async function verifySnapshot(prisma: Reader): Promise<LedgerReport> {
  const problems: string[] = [];
  // read first (the same snapshot): a posting's unit is its ledger account's kind
  const accounts = await prisma.ledgerAccount.findMany({ select: { id: true, code: true, kind: true, balance: true, allowNegative: true } });
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const sums = new Map<string, bigint>();
  let transactions = 0;
  let postings = 0;
  const heads = new Map<string, { sequence: number; hash: string; previous: string }>();
  let cursor: { accountId: string; livemode: boolean; sequence: number } | undefined;
  for (;;) {
    const page = await prisma.ledgerTransaction.findMany({
      orderBy: [{ accountId: 'asc' }, { livemode: 'asc' }, { sequence: 'asc' }],
      take: PAGE,
      ...(cursor ? { cursor: { accountId_livemode_sequence: cursor }, skip: 1 } : {}),
      include: { postings: { orderBy: { position: 'asc' } } },
    });
    if (page.length === 0) break;
    for (const t of page) {
      transactions++;
      const chain = `${t.accountId}:${t.livemode ? 'live' : 'test'}`;
      const prev = heads.get(chain) ?? { sequence: 0, hash: GENESIS_HASH };
      if (t.sequence !== prev.sequence + 1) problems.push(`${t.id}: sequence ${t.sequence} follows ${prev.sequence} on chain ${chain}`);
      if (t.previousHash !== prev.hash) problems.push(`${t.id}: previous_hash does not match the hash before it on chain ${chain}`);
      const expected = transactionHash(prev.hash, {
        id: t.id, accountId: t.accountId, livemode: t.livemode, sequence: t.sequence, kind: t.kind, resourceId: t.resourceId, createdAt: t.createdAt,
        postings: t.postings.map((p) => ({ ledgerAccountId: p.ledgerAccountId, currency: p.currency, amount: p.amount })),
      });
      if (expected !== t.hash) problems.push(`${t.id}: hash does not match its content (tampered, or written outside the ledger)`);
      heads.set(chain, { sequence: t.sequence, hash: t.hash, previous: t.previousHash });
      const perCurrency = new Map<string, bigint>();
      for (const p of t.postings) {
        postings++;
        const key = balanceKey(kindOf.get(p.ledgerAccountId) ?? '', p.currency);
        perCurrency.set(key, (perCurrency.get(key) ?? 0n) + p.amount);
        sums.set(p.ledgerAccountId, (sums.get(p.ledgerAccountId) ?? 0n) + p.amount);
      }
      for (const fault of unbalanced(perCurrency)) problems.push(`${t.id}: ${fault}, not 0`);
      if (t.postings.length === 0) problems.push(`${t.id}: no postings`);
    }
    const last = page[page.length - 1];
    cursor = { accountId: last.accountId, livemode: last.livemode, sequence: last.sequence };
    if (page.length < PAGE) break;
  }
  const chains = await prisma.ledgerChain.findMany();
  for (const c of chains) {
    const key = `${c.accountId}:${c.livemode ? 'live' : 'test'}`;
    const head = heads.get(key);
    if (!head || head.sequence !== c.sequence || head.hash !== c.headHash) problems.push(`chain ${key}: its head does not match its last transaction`);
    else if (c.previousHash !== head.previous) problems.push(`chain ${key}: its previous head does not match its last transaction's previous_hash`);
  }
  for (const a of accounts) {
    const sum = sums.get(a.id) ?? 0n;
    if (sum !== a.balance) problems.push(`${a.code}: balance ${a.balance} but its postings sum to ${sum}`);
    if (a.balance < 0n && !a.allowNegative) problems.push(`${a.code}: balance ${a.balance} is below zero`);
  }
  return { transactions, postings, accounts: accounts.length, chains: chains.length, problems };
}
