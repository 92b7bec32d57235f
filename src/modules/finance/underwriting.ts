// Underwriting: the account's own ledger (succeeded volume and refunds in the last 90 days),
// its age and its open financing become facts; the finance pack's rules, run in the decision
// engine once per product, decide eligibility and the terms tier. Deterministic: the same facts
// give the same offer (rates and limits are fixed tables of the tier, docs/finance.md).
import { compilePack, decide, renderPredicate, type Fact, type Pack, type Predicate, type Rule } from '../../decision/engine/index.js';
import type { Scope, Tx } from '../../operations/operation.js';
import { currencyExponent, formatMajor, isCoinCurrency } from '../money/amounts.js';
import { ledgerAccount } from '../money/ledger.js';

export const WINDOW_DAYS = 90;
export const MIN_PAYMENTS = 10;
/** 1,000.00 in major units of the currency */
export const MIN_VOLUME_MAJOR = 1000;
/** refund rate must stay under 5% (500 basis points) */
export const MAX_REFUND_BP = 500;
/** live mode only: the account must be this old */
export const MIN_AGE_DAYS = 90;
export const TERM_DAYS_OPTIONS = [30, 60, 90, 180] as const;
/** a fixed loan pays one instalment per this many days */
export const INSTALMENT_DAYS = 30;

export const PRODUCTS = ['invoice_factoring', 'po_financing', 'loan'] as const;
export type Product = (typeof PRODUCTS)[number];
type Tier = 'standard' | 'preferred';

/** The terms of each product per tier; max_amount = floor(volume x limit_share) less what is outstanding. */
export const TERMS: Record<Product, Record<Tier, { advance_rate?: string; fee_rate: string; withhold_rate?: string; limit_share: [number, number] }>> = {
  invoice_factoring: {
    standard: { advance_rate: '0.8', fee_rate: '0.03', limit_share: [1, 2] },
    preferred: { advance_rate: '0.9', fee_rate: '0.02', limit_share: [1, 2] },
  },
  po_financing: {
    standard: { advance_rate: '0.7', fee_rate: '0.04', limit_share: [1, 2] },
    preferred: { advance_rate: '0.8', fee_rate: '0.03', limit_share: [1, 2] },
  },
  loan: {
    standard: { fee_rate: '0.08', withhold_rate: '0.1', limit_share: [1, 1] },
    preferred: { fee_rate: '0.06', withhold_rate: '0.08', limit_share: [1, 1] },
  },
};

const p = (name: string, ...args: (string | number)[]): Predicate => ({ name, args });
const not = (name: string, ...args: (string | number)[]): Predicate => ({ name, args, negated: true });
const O = '?o';
const violation = (name: string, ...premises: Predicate[]): Rule => ({ name, if: premises, then: [p('violation', O, name)], effect: 'deny' });

/** The rules, in the order docs/finance.md lists them. */
const POLICY: Rule[] = [
  violation('no_history', p('payment_count', O, 0)),
  violation('too_few_payments', p('payment_count', O, '?n'), p('min_payments', O, '?m'), { name: 'lt', args: ['?n', '?m'] }),
  violation('volume_too_low', p('volume', O, '?v'), p('min_volume', O, '?m'), { name: 'lt', args: ['?v', '?m'] }),
  violation('refund_rate_too_high', p('refund_rate_bp', O, '?r'), p('max_refund_rate_bp', O, '?m'), { name: 'gte', args: ['?r', '?m'] }),
  violation('account_too_young', p('mode', O, 'live'), p('account_age_days', O, '?d'), p('min_age_days', O, '?m'), { name: 'lt', args: ['?d', '?m'] }),
  violation('financing_in_default', p('in_default', O)),
  violation('limit_reached', p('outstanding', O, '?x'), { name: 'gt', args: ['?x', 0] }, p('headroom', O, '?h'), { name: 'lte', args: ['?h', 0] }),
  {
    name: 'eligible',
    if: [p('offer', O, '?product'), not('violation', O, '?any')],
    then: [p('eligible', O)],
    effect: 'authorize',
  },
  {
    name: 'preferred_terms',
    if: [p('eligible', O), p('refund_rate_bp', O, '?r'), { name: 'lt', args: ['?r', 100] }, p('payment_count', O, '?n'), { name: 'gte', args: ['?n', 50] }],
    then: [p('preferred', O)],
  },
  { name: 'standard_terms', if: [p('eligible', O), not('preferred', O)], then: [p('standard', O)] },
];

export const FINANCE_PACK: Pack = {
  industry: 'finance_underwriting',
  title: 'Finance underwriting',
  summary: 'Invoice factoring, PO financing and loans from the account\'s own ledger: volume, refund rate, age, open financing',
  policy: POLICY,
  questions: [],
  source_trust: { ledger: 'verified', account: 'verified', policy: 'verified', request: 'verified' },
  scenarios: [],
};
compilePack(FINANCE_PACK); // a broken pack fails at start-up

export interface LedgerFacts {
  currency: string;
  volume: number;
  payments: number;
  refunded: number;
  /** floor(refunded x 10000 / volume); 0 without volume */
  refundRateBp: number;
  accountAgeDays: number;
  /** outstanding per product in this currency */
  outstanding: Record<Product, number>;
  inDefault: boolean;
}

export interface Offer {
  eligible: boolean;
  advance_rate?: string | null;
  fee_rate: string | null;
  withhold_rate?: string | null;
  max_amount: number;
  term_days_options?: number[];
  reasons: { code: string; message: string }[];
  rules: string[];
  facts: string[];
}

export interface FinanceOptions {
  object: 'finance_options';
  currency: string;
  livemode: boolean;
  invoice_factoring: Offer;
  po_financing: Offer;
  loan: Offer;
  computed_from: { window_days: number; currency: string; volume: number; payments: number; refunded: number; refund_rate: string; account_age_days: number; outstanding: Record<Product, number> };
}

const DAY_MS = 86_400_000;

/** The currency offers are computed in when none is asked: the account's default, else its largest 90-day volume, else usd. */
export async function defaultCurrency(tx: Tx, scope: Scope, now: Date): Promise<string> {
  const account = await tx.account.findUnique({ where: { id: scope.accountId }, select: { defaultCurrency: true } });
  if (account?.defaultCurrency) return account.defaultCurrency.toLowerCase();
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const rows = await tx.$queryRaw<{ currency: string; volume: bigint }[]>`
    SELECT p."currency", SUM(p."amount")::bigint AS "volume"
    FROM "LedgerTransaction" t JOIN "LedgerPosting" p ON p."transactionId" = t."id" JOIN "LedgerAccount" a ON a."id" = p."ledgerAccountId"
    WHERE t."accountId" = ${scope.accountId} AND t."livemode" = ${scope.livemode} AND t."createdAt" >= ${since}
      AND t."kind" IN ('payment', 'settlement', 'stablecoin_payment') AND a."kind" = 'available' AND a."accountId" = ${scope.accountId}
    GROUP BY p."currency" ORDER BY 2 DESC, 1 ASC`;
  // finance lends fiat: payments in the coin's own currency are not a currency to lend in
  return rows.find((r) => !isCoinCurrency(r.currency))?.currency ?? 'usd';
}

/** The facts of the account in one currency, read from the ledger and the financing tables. */
export async function ledgerFacts(tx: Tx, scope: Scope, currency: string, now: Date): Promise<LedgerFacts> {
  const since = new Date(now.getTime() - WINDOW_DAYS * DAY_MS);
  const available = ledgerAccount(scope.accountId, scope.livemode, 'available', currency).id;
  const refundedAcc = ledgerAccount(scope.accountId, scope.livemode, 'refunded', currency).id;
  // succeeded payments: the ledger transactions that credited the available balance for a
  // payment (at once, at settlement, or from the wallet), one per payment
  const [paid] = await tx.$queryRaw<{ n: number; volume: bigint | null }[]>`
    SELECT COUNT(DISTINCT t."resourceId")::int AS "n", SUM(p."amount")::bigint AS "volume"
    FROM "LedgerTransaction" t JOIN "LedgerPosting" p ON p."transactionId" = t."id"
    WHERE t."accountId" = ${scope.accountId} AND t."livemode" = ${scope.livemode} AND t."createdAt" >= ${since} AND t."createdAt" <= ${now}
      AND t."kind" IN ('payment', 'settlement', 'stablecoin_payment') AND p."ledgerAccountId" = ${available} AND p."amount" > 0`;
  const [ref] = await tx.$queryRaw<{ refunded: bigint | null }[]>`
    SELECT SUM(p."amount")::bigint AS "refunded"
    FROM "LedgerTransaction" t JOIN "LedgerPosting" p ON p."transactionId" = t."id"
    WHERE t."accountId" = ${scope.accountId} AND t."livemode" = ${scope.livemode} AND t."createdAt" >= ${since} AND t."createdAt" <= ${now}
      AND t."kind" = 'refund' AND p."ledgerAccountId" = ${refundedAcc}`;
  const volume = Number(paid?.volume ?? 0n);
  const refunded = Number(ref?.refunded ?? 0n);
  const account = await tx.account.findUnique({ where: { id: scope.accountId }, select: { createdAt: true } });
  const ageDays = account ? Math.max(0, Math.floor((now.getTime() - account.createdAt.getTime()) / DAY_MS)) : 0;
  const scoped = { accountId: scope.accountId, livemode: scope.livemode, currency };
  const [fac, po, loan] = await Promise.all([
    tx.invoiceFactoring.aggregate({ where: { ...scoped, status: { in: ['funded', 'defaulted'] } }, _sum: { outstanding: true } }),
    tx.poFinancing.aggregate({ where: { ...scoped, status: 'funded' }, _sum: { outstanding: true } }),
    tx.loan.aggregate({ where: { ...scoped, status: { in: ['active', 'past_due', 'defaulted'] } }, _sum: { outstanding: true } }),
  ]);
  const defaults = await Promise.all([
    tx.invoiceFactoring.count({ where: { accountId: scope.accountId, livemode: scope.livemode, status: 'defaulted', outstanding: { gt: 0 } } }),
    tx.loan.count({ where: { accountId: scope.accountId, livemode: scope.livemode, status: 'defaulted', outstanding: { gt: 0 } } }),
  ]);
  return {
    currency, volume, payments: paid?.n ?? 0, refunded,
    refundRateBp: volume > 0 ? Number((BigInt(refunded) * 10000n) / BigInt(volume)) : 0,
    accountAgeDays: ageDays,
    outstanding: { invoice_factoring: fac._sum.outstanding ?? 0, po_financing: po._sum.outstanding ?? 0, loan: loan._sum.outstanding ?? 0 },
    inDefault: defaults[0] + defaults[1] > 0,
  };
}

function limitOf(product: Product, tier: Tier, f: LedgerFacts): number {
  const [num, den] = TERMS[product][tier].limit_share;
  return Math.floor((f.volume * num) / den);
}

/** The facts of one product's run, each with its source. */
function factsFor(product: Product, f: LedgerFacts, livemode: boolean): Fact[] {
  const facts: Fact[] = [];
  const add = (source: string, name: string, ...args: (string | number)[]) => facts.push({ predicate: p(name, product, ...args), provenance: { source } });
  add('request', 'offer', product);
  add('account', 'mode', livemode ? 'live' : 'test');
  add('ledger', 'payment_count', f.payments);
  add('ledger', 'volume', f.volume);
  add('ledger', 'refund_rate_bp', f.refundRateBp);
  add('account', 'account_age_days', f.accountAgeDays);
  add('policy', 'min_payments', MIN_PAYMENTS);
  add('policy', 'min_volume', MIN_VOLUME_MAJOR * 10 ** currencyExponent(f.currency));
  add('policy', 'max_refund_rate_bp', MAX_REFUND_BP);
  add('policy', 'min_age_days', MIN_AGE_DAYS);
  add('ledger', 'outstanding', f.outstanding[product]);
  // headroom under the standard tier's limit (the preferred tier's limit is the same share)
  add('ledger', 'headroom', limitOf(product, 'standard', f) - f.outstanding[product]);
  if (f.inDefault) add('ledger', 'in_default');
  return facts;
}

function reasonOf(code: string, product: Product, f: LedgerFacts): string {
  const money = (v: number) => `${formatMajor(v, f.currency)} ${f.currency}`;
  switch (code) {
    case 'no_history': return `no succeeded payments in ${f.currency} in the last ${WINDOW_DAYS} days`;
    case 'too_few_payments': return `${f.payments} succeeded payments in the last ${WINDOW_DAYS} days; at least ${MIN_PAYMENTS} are needed`;
    case 'volume_too_low': return `succeeded volume of ${money(f.volume)} in the last ${WINDOW_DAYS} days; at least ${money(MIN_VOLUME_MAJOR * 10 ** currencyExponent(f.currency))} is needed`;
    case 'refund_rate_too_high': return `refund rate ${(f.refundRateBp / 100).toFixed(2)}% in the last ${WINDOW_DAYS} days; it must be under ${MAX_REFUND_BP / 100}%`;
    case 'account_too_young': return `the account is ${f.accountAgeDays} days old; live financing needs ${MIN_AGE_DAYS} days`;
    case 'financing_in_default': return 'a defaulted financing is still owed';
    case 'limit_reached': return `${money(f.outstanding[product])} of ${product} is outstanding, the whole limit of ${money(limitOf(product, 'standard', f))}`;
    default: return code;
  }
}

/** Runs the pack for one product over the facts. */
export async function offerFor(product: Product, f: LedgerFacts, livemode: boolean, now: Date): Promise<Offer> {
  const facts = factsFor(product, f, livemode);
  const result = await decide({
    pack: FINANCE_PACK,
    scenario: { id: product, name: `${product} offer`, message: '', expectation: 'approved', facts },
    now,
  });
  const steps = result.proof?.derivation?.steps ?? [];
  const rules = [...new Set(steps.map((s) => s.rule))];
  const conclusions = steps.flatMap((s) => s.conclusions);
  const eligible = result.decision === 'approved';
  const tier: Tier = conclusions.some((c) => c.startsWith('preferred(')) ? 'preferred' : 'standard';
  const violations = steps.filter((s) => POLICY.find((r) => r.name === s.rule)?.effect === 'deny').map((s) => s.rule);
  const terms = TERMS[product][tier];
  const offer: Offer = {
    eligible,
    ...(product !== 'loan' ? { advance_rate: eligible ? terms.advance_rate! : null } : {}),
    fee_rate: eligible ? terms.fee_rate : null,
    ...(product === 'loan' ? { withhold_rate: eligible ? terms.withhold_rate! : null } : {}),
    max_amount: eligible ? Math.max(0, limitOf(product, tier, f) - f.outstanding[product]) : 0,
    ...(product === 'loan' ? { term_days_options: [...TERM_DAYS_OPTIONS] } : {}),
    reasons: [...new Set(violations)].map((code) => ({ code, message: reasonOf(code, product, f) })),
    rules,
    facts: facts.map((x) => renderPredicate(x.predicate)),
  };
  return offer;
}

export async function financeOptions(tx: Tx, scope: Scope, currency: string | undefined, now = new Date()): Promise<FinanceOptions> {
  const cur = currency ?? await defaultCurrency(tx, scope, now);
  const f = await ledgerFacts(tx, scope, cur, now);
  const [invoice_factoring, po_financing, loan] = await Promise.all(PRODUCTS.map((product) => offerFor(product, f, scope.livemode, now)));
  return {
    object: 'finance_options', currency: cur, livemode: scope.livemode, invoice_factoring, po_financing, loan,
    computed_from: {
      window_days: WINDOW_DAYS, currency: cur, volume: f.volume, payments: f.payments, refunded: f.refunded,
      refund_rate: (f.refundRateBp / 10000).toFixed(4), account_age_days: f.accountAgeDays, outstanding: f.outstanding,
    },
  };
}
