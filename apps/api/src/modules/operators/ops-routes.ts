import { opsEndpoints, roleCapabilities } from '@gvm/contract';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequests } from '../../plugins/route-groups';
import { signInLimits } from '../auth';
import { auditCsv, listAudit, recordAudit } from './audit';
import { actorOf, operatorNeed, requireOperator, signedInOperator, signInStage } from './operator-route';
import { requestOperatorCode, setUpTotp, signOutOperator, verifyOperatorCode, verifyTotp } from './service';
import { clearedSessionCookies, sessionCookies } from './session-cookie';
import { socketTicketOf } from './sessions';
import { inviteOperator, listTeam, updateOperator } from './team-service';

/**
 * The operators' console routes (docs/product/operators.md): two-step sign-in, the signed-in
 * operator, Team and the audit log. Every route but the e-mailed code's two checks the operator's
 * session and role on the server before it reads the request (decisions 045 and 066); the role
 * matrix is `roleCapabilities` in the contract.
 */
export async function operatorOpsRoutes(app: App): Promise<void> {
  rejectInvalidRequests(app);

  app.route({
    ...fromContract(opsEndpoints.requestCode),
    config: signInLimits.generateCode(app.appConfig.loginCodeIpLimit),
    handler: async (request) => {
      await requestOperatorCode(app.db, app.appConfig, { email: request.body.email, ip: request.ip }, app.clock());
      return { success: true as const };
    },
  });

  app.route({
    ...fromContract(opsEndpoints.verifyCode),
    config: signInLimits.login(app.appConfig.loginIpLimit),
    handler: (request) => verifyOperatorCode(app.db, app.appConfig, request.body, app.clock()),
  });

  await app.register(signedInRoutes);
}

/** Everything past the e-mailed code: the operator's session first. */
async function signedInRoutes(app: App): Promise<void> {
  requireOperator(app);

  app.route({
    ...fromContract(opsEndpoints.totpSetup),
    config: { ...signInLimits.verify(app.appConfig.verifyIpLimit), ...signInStage('pending') },
    handler: (request) => setUpTotp(app.db, app.appConfig, signedInOperator(request), app.clock()),
  });

  app.route({
    ...fromContract(opsEndpoints.totpVerify),
    config: { ...signInLimits.verify(app.appConfig.verifyIpLimit), ...signInStage('pending') },
    handler: async (request, reply) => {
      const session = await verifyTotp(
        app.db,
        app.appConfig,
        signedInOperator(request),
        { code: request.body.code, ip: request.ip },
        app.clock(),
      );
      // The browser keeps the session as cookies every tab shares (decision 073).
      reply.header('set-cookie', sessionCookies(session.token, new Date(session.expiresAt), app.appConfig.publicUrl));
      return session;
    },
  });

  app.route({
    ...fromContract(opsEndpoints.signOut),
    config: signInStage('any'),
    handler: async (request, reply) => {
      await signOutOperator(app.db, signedInOperator(request), request.ip, app.clock());
      reply.header('set-cookie', clearedSessionCookies(app.appConfig.publicUrl));
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...fromContract(opsEndpoints.socketTicket),
    config: operatorNeed('chat'),
    handler: async (request) => {
      const { ticket, expiresAt } = socketTicketOf(
        app.appConfig.jwtSecret,
        signedInOperator(request).sessionId,
        app.clock(),
      );
      return { ticket, expiresAt: expiresAt.toISOString() };
    },
  });

  app.route({
    ...fromContract(opsEndpoints.me),
    config: operatorNeed(),
    handler: async (request) => {
      const operator = signedInOperator(request);
      return {
        id: operator.operatorId,
        email: operator.email,
        role: operator.role,
        capabilities: [...roleCapabilities[operator.role]],
      };
    },
  });

  app.route({
    ...fromContract(opsEndpoints.team),
    config: operatorNeed('team'),
    handler: async () => ({ operators: await listTeam(app.db) }),
  });

  app.route({
    ...fromContract(opsEndpoints.invite),
    config: operatorNeed('team'),
    handler: async (request, reply) => {
      const member = await inviteOperator(app.db, app.appConfig, actorOf(request), request.body, app.clock());
      return reply.status(201).send(member);
    },
  });

  app.route({
    ...fromContract(opsEndpoints.updateOperator),
    config: operatorNeed('team'),
    handler: (request) =>
      updateOperator(
        app.db,
        app.appConfig,
        actorOf(request),
        request.params.operatorId.toLowerCase(),
        request.body,
        app.clock(),
      ),
  });

  app.route({
    ...fromContract(opsEndpoints.audit),
    config: operatorNeed('audit'),
    handler: (request) => listAudit(app.db, { ...request.query, operator: request.query.operator?.toLowerCase() }),
  });

  app.route({
    ...fromContract(opsEndpoints.auditCsv),
    config: operatorNeed('audit'),
    handler: async (request, reply) => {
      const now = app.clock();
      const filters = { ...request.query, operator: request.query.operator?.toLowerCase() };
      // The export is itself an action of the audit trail, written before the rows are read.
      const csv = await app.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          actorOf(request),
          { action: 'audit.export', targetType: 'audit-log', targetId: 'csv', after: { filters } },
          now,
        );
        return auditCsv(tx, filters);
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${now.toISOString().slice(0, 10)}.csv"`)
        .send(csv);
    },
  });
}
