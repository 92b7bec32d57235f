import { openDatabase } from './src/db/client.js';
import { Prisma as P } from './src/generated/prisma/client.js';
const db = await openDatabase({ databaseUrl: 'postgresql://root@127.0.0.1:5432/json_probe', dataDir: '/tmp/jp', migrate: true });
const p = db.prisma as any;
await p.account.create({ data: { id: 'acct_probe', name: 'probe' } }).catch((e: any) => console.log('acct', e.message.slice(0, 300)));
for (const [id, metadata] of [['cus_a', { channel: 'web' }], ['cus_b', { channel: 'pos' }], ['cus_c', {}], ['cus_d', { other: 'x' }]] as const) {
  await p.customer.create({ data: { id, accountId: 'acct_probe', livemode: false, metadata } });
}
const q = async (name: string, where: any) => console.log(name, (await p.customer.findMany({ where: { accountId: 'acct_probe', ...where }, select: { id: true }, orderBy: { id: 'asc' } })).map((r: any) => r.id).join(','));
await q('haskey DbNull-not', { NOT: { metadata: { path: ['channel'], equals: P.DbNull } } });
await q('not haskey', { NOT: { NOT: { metadata: { path: ['channel'], equals: P.DbNull } } } });
await q('path equals AnyNull', { metadata: { path: ['channel'], equals: P.AnyNull } });
await q('contains web', { metadata: { path: ['channel'], equals: 'web' } });
await q('NOT contains web', { NOT: { metadata: { path: ['channel'], equals: 'web' } } });
await q('old haskey', { NOT: { metadata: { path: ['channel'], equals: null } } });
await q('not old haskey', { NOT: { NOT: { metadata: { path: ['channel'], equals: null } } } });
await q('jsonb contains', { metadata: { equals: { channel: 'web' } } });
await db.close();
