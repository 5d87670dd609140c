import { walletWebServiceEndpoints } from '@gvm/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { buildPkpass } from '../../adapters/wallet-passes';
import type { App } from '../../app-types';
import { walletPasses, walletPassRegistrations } from '../../db/schema/passes';
import { fromContract } from '../../lib/endpoint-route';
import { unauthorized } from '../../lib/errors';
import { REDACTED } from '../../lib/log-redaction';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { appleSigningOf, findPass, holdsPassToken, passContentOf, sendPkpass } from './service';

/**
 * Apple's PassKit web service (decision 071), at `${PUBLIC_URL}/api/v1/passes/apple`: a device
 * registers for a pass's updates with the pass's token, asks which of its passes changed, and
 * fetches the latest. The token is checked before anything is read: it is derived from the serial,
 * so no row is needed to refuse a wrong one (401).
 */
export async function walletWebServiceRoutes(app: App): Promise<void> {
  rejectInvalidRequests(app);
  const signing = () => appleSigningOf(app);
  const authorize = (serial: string, authorization: string | undefined) => {
    if (!holdsPassToken(app.appConfig.jwtSecret, serial, authorization)) throw unauthorized('Not this pass');
  };
  const tagOf = (at: Date) => String(at.getTime());

  app.route({
    ...fromContract(walletWebServiceEndpoints.register),
    handler: async (request, reply) => {
      const { deviceId, passTypeId, serial } = request.params;
      authorize(serial, request.headers.authorization);
      if (passTypeId !== signing()?.passTypeId || !(await findPass(app.db, serial)))
        throw unauthorized('Not this pass');
      const [existing] = await app.db
        .select({ pushToken: walletPassRegistrations.pushToken })
        .from(walletPassRegistrations)
        .where(and(eq(walletPassRegistrations.deviceId, deviceId), eq(walletPassRegistrations.serial, serial)));
      await app.db
        .insert(walletPassRegistrations)
        .values({ deviceId, serial, pushToken: request.body.pushToken })
        .onConflictDoUpdate({
          target: [walletPassRegistrations.deviceId, walletPassRegistrations.serial],
          set: { pushToken: request.body.pushToken },
        });
      return reply.code(existing ? 200 : 201).send(null);
    },
  });

  app.route({
    ...fromContract(walletWebServiceEndpoints.unregister),
    handler: async (request, reply) => {
      const { deviceId, serial } = request.params;
      authorize(serial, request.headers.authorization);
      await app.db
        .delete(walletPassRegistrations)
        .where(and(eq(walletPassRegistrations.deviceId, deviceId), eq(walletPassRegistrations.serial, serial)));
      return reply.code(200).send(null);
    },
  });

  // Asked with no token, as Apple documents: it names only the serials the device registered with
  // their tokens, and nothing of the passes themselves.
  app.route({
    ...fromContract(walletWebServiceEndpoints.registrations),
    handler: async (request, reply) => {
      const { deviceId, passTypeId } = request.params;
      if (passTypeId !== signing()?.passTypeId) return reply.code(204).send(null);
      const since = Number(request.query.passesUpdatedSince);
      const ofDevice = eq(walletPassRegistrations.deviceId, deviceId);
      const rows = await app.db
        .select({ serial: walletPasses.serial, updatedAt: walletPasses.updatedAt })
        .from(walletPassRegistrations)
        .innerJoin(walletPasses, eq(walletPasses.serial, walletPassRegistrations.serial))
        .where(
          Number.isFinite(since) && request.query.passesUpdatedSince
            ? and(ofDevice, gt(walletPasses.updatedAt, sql`${new Date(since).toISOString()}::timestamptz`))
            : ofDevice,
        )
        .orderBy(desc(walletPasses.updatedAt));
      const [newest] = rows;
      if (!newest) return reply.code(204).send(null);
      return { serialNumbers: rows.map((row) => row.serial), lastUpdated: tagOf(newest.updatedAt) };
    },
  });

  app.route({
    ...fromContract(walletWebServiceEndpoints.latest),
    handler: async (request, reply) => {
      const { passTypeId, serial } = request.params;
      authorize(serial, request.headers.authorization);
      const apple = signing();
      const found = await findPass(app.db, serial);
      if (!apple || passTypeId !== apple.passTypeId || !found) throw unauthorized('Not this pass');
      const modified = found.pass.updatedAt;
      // HTTP dates have whole seconds: unchanged when the pass's second is not after the one asked about.
      const asked = Date.parse(request.headers['if-modified-since'] ?? '');
      reply.header('last-modified', modified.toUTCString());
      if (Number.isFinite(asked) && Math.floor(modified.getTime() / 1000) * 1000 <= asked) {
        return reply.code(304).send(null);
      }
      const pkpass = buildPkpass(apple, await passContentOf(app, found.pass, found.voucher));
      return sendPkpass(reply.code(200), pkpass, false);
    },
  });

  app.route({
    ...fromContract(walletWebServiceEndpoints.log),
    handler: async (request, reply) => {
      // A device's own error messages about this service. They may quote a serial number (or a
      // URL holding one): every run of 22 or more identifier characters is kept out of the log.
      for (const line of request.body.logs) {
        request.log.warn({ passkit: line.slice(0, 500).replace(/[\w-]{22,}/g, REDACTED) }, 'wallet pass device log');
      }
      return reply.code(200).send(null);
    },
  });
}
