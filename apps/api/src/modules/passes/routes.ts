import { walletPassEndpoints } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { currentUser } from '../../plugins/auth';
import { rejectInvalidRequests, requireSignIn } from '../../plugins/route-groups';
import { applePassForHolder, googleLinkForHolder, sendPkpass, walletOffers } from './service';
import { walletWebServiceRoutes } from './web-service';

/**
 * Wallet passes (decision 071): the holder's own (which wallets, the Apple pass, the Google link),
 * signed in and answering 404 for anyone else's voucher; and Apple's web service, which devices
 * call with the pass's own token.
 */
export async function passRoutes(app: App): Promise<void> {
  await app.register(holderRoutes);
  await app.register(walletWebServiceRoutes);
}

async function holderRoutes(app: App): Promise<void> {
  requireSignIn(app);
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(walletPassEndpoints.offers),
    handler: (request) => walletOffers(app, currentUser(request).id, request.params.id),
  });

  app.route({
    ...fromContract(walletPassEndpoints.apple),
    handler: async (request, reply) => {
      const pkpass = await applePassForHolder(app, currentUser(request).id, request.params.id);
      return sendPkpass(reply, pkpass, true);
    },
  });

  app.route({
    ...fromContract(walletPassEndpoints.google),
    handler: async (request) => ({
      saveUrl: await googleLinkForHolder(app, currentUser(request).id, request.params.id),
    }),
  });
}
