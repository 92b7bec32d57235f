// Stablecoin: the account's wallet, issue, redeem and transfer on the ledger, and any
// wallet's public balance. Signed requests (X-Signature) guard issuance and large movements.
// A redemption is processing until its (simulated) bank payout completes (payout.ts).
import { authorize } from '../../auth/keys.js';
import { authenticate } from '../../rest/context.js';
import { bodyObject, retrieveHandler, runOperation } from '../../rest/resources.js';
import { defineModule } from '../module.js';
import { registerStablecoinGraphQL } from './graphql.js';
import { authorizePublic, issueStablecoin, publicBalance, redeemStablecoin, stablecoinBalance, transferStablecoin } from './operations.js';
import { startPayouts } from './payout.js';
import { registerStablecoinPresenters } from './presenters.js';
import { purgeUsedSignatures } from '../money/signatures.js';
import { startPurging } from '../../operations/purge.js';

let coin = 'usdx';
registerStablecoinPresenters(() => coin);

export const stablecoinModule = defineModule({
  name: 'stablecoin',
  permissions: { stablecoin: ['read', 'issue', 'redeem', 'transfer'] },
  events: ['stablecoin.issued', 'stablecoin.redeemed', 'stablecoin.redemption.succeeded', 'stablecoin.transferred'],
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
    // a redemption, to follow it from processing to succeeded: as registerResource's retrieve
    // route (the caller's account and mode only, 404 otherwise), without a list of its own
    app.get('/v1/stablecoin/redemptions/:id', {
      config: {
        model: 'StablecoinRedemption', resource: 'stablecoin', kind: 'retrieve' as const,
        doc: { description: "A redemption of the caller's account and mode. `status` is `processing` from the redemption (the coin is burnt at once) until the bank payout completes (test mode: after REDEMPTION_PAYOUT_DELAY_MS), then `succeeded` (event `stablecoin.redemption.succeeded`). Another account's or mode's redemption is 404 RESOURCE_NOT_FOUND." },
      },
    }, retrieveHandler(deps, { model: 'StablecoinRedemption', permission: 'stablecoin:read', noun: 'redemption' }));
    app.get('/v1/public/balance/:address', { config: { doc: { summary: "A wallet's public balance; any key, publishable ones included" } } }, async (req) => {
      const principal = await authenticate(req, deps);
      authorizePublic(principal.type);
      return publicBalance(deps.services.db.prisma, (req.params as { address: string }).address, principal.livemode, deps.services.money.coin);
    });
  },
  start({ services, config, logger }) {
    coin = services.money.coin;
    const stopPurging = startPurging(
      () => purgeUsedSignatures(services.db.prisma),
      (err) => logger.warn({ err }, 'purging used request signatures failed; the next round retries'),
    );
    // the payouts run where pending payments settle (PAYMENT_WORKER): off on API-only replicas
    if (!config.PAYMENT_WORKER) return stopPurging;
    const payouts = startPayouts(services, logger);
    services.money.payoutWake.add(payouts.wakeAt);
    return async () => {
      stopPurging();
      services.money.payoutWake.delete(payouts.wakeAt);
      await payouts.stop();
    };
  },
});
