import { walletEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { assertSameUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import { createWallet, getWallet } from './service';

/** The caller's wallet (docs/product/wallet-and-credit.md#wallet-page); another user's id answers 403. */
export async function walletRoutes(app: App): Promise<void> {
  requireSignIn(app);
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(walletEndpoints.get),
    handler: (request) => getWallet(app.db, assertSameUser(request, request.params.userId).id),
  });

  app.route({
    ...fromContract(walletEndpoints.create),
    handler: async (request, reply) => {
      const user = assertSameUser(request, request.body.userID);
      const { wallet, created } = await createWallet(app.db, user.id, request.body.currency);
      return reply.status(created ? 201 : 200).send(wallet);
    },
  });
}
