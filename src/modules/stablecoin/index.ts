// Stablecoin: the account's wallet, issue, redeem and transfer on the ledger, and any
// wallet's public balance. Signed requests (X-Signature) guard issuance and large movements.
import { authorize } from '../../auth/keys.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject, runOperation } from '../../rest/resources.js';
import { defineModule } from '../module.js';
import { registerStablecoinGraphQL } from './graphql.js';
import { authorizePublic, issueStablecoin, publicBalance, redeemStablecoin, stablecoinBalance, transferStablecoin } from './operations.js';
import { registerStablecoinPresenters } from './presenters.js';
import { purgeUsedSignatures } from '../money/signatures.js';
import { startPurging } from '../../operations/purge.js';

let coin = 'usdx';
registerStablecoinPresenters(() => coin);

export const stablecoinModule = defineModule({
  name: 'stablecoin',
  permissions: { stablecoin: ['read', 'issue', 'redeem', 'transfer'] },
  events: ['stablecoin.issued', 'stablecoin.redeemed', 'stablecoin.transferred'],
  graphql: registerStablecoinGraphQL,
  rest(app, deps) {
    coin = deps.services.money.coin;
    const ops = { issue: issueStablecoin, redeem: redeemStablecoin, transfer: transferStablecoin };
    for (const [name, op] of Object.entries(ops)) {
      app.post(`/v1/stablecoin/${name}`, { config: { operation: op, status: 201 } }, async (req, reply) => reply.status(201).send(await runOperation(req, reply, deps, op, bodyObject(req))));
    }
    app.get('/v1/stablecoin/balance', { config: { doc: { summary: "The account's wallet and the coin's supply (permission stablecoin:read)" } } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorize(principal, 'stablecoin:read');
      return stablecoinBalance(deps.services.db.prisma, principal, deps.services.money.coin);
    });
    app.get('/v1/public/balance/:address', { config: { doc: { summary: "A wallet's public balance; any key, publishable ones included" } } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorizePublic(principal.type);
      return publicBalance(deps.services.db.prisma, (req.params as { address: string }).address, principal.livemode, deps.services.money.coin);
    });
  },
  start({ services, logger }) {
    coin = services.money.coin;
    return startPurging(
      () => purgeUsedSignatures(services.db.prisma),
      (err) => logger.warn({ err }, 'purging used request signatures failed; the next round retries'),
    );
  },
});
