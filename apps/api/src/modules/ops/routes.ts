import { opsEndpoints, roleCapabilities } from '@gvm/contract';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import { fromContract } from '../../lib/endpoint-route';
import { rejectInvalidRequestHook } from '../../lib/validation';
import { signInLimits } from '../auth';
import { type Actor, auditCsv, listAudit, recordAudit } from './audit';
import { requestOperatorCode, setUpTotp, signOutOperator, verifyOperatorCode, verifyTotp } from './service';
import { authenticateOperator, type SessionNeed, type SignedInOperator } from './sessions';
import { inviteOperator, listTeam, updateOperator } from './team-service';

const actorOf = (operator: SignedInOperator, request: FastifyRequest): Actor => ({
  operatorId: operator.operatorId,
  role: operator.role,
  ip: request.ip,
});

/**
 * The operator console's API (docs/product/operators.md): two-step sign-in, the signed-in
 * operator, Team and the audit log. Every route but the first two checks the operator's session
 * and role on the server (decision 045); the role matrix is `roleCapabilities` in the contract.
 */
export async function opsRoutes(app: App): Promise<void> {
  const validated = { attachValidation: true, preHandler: rejectInvalidRequestHook } as const;
  const operatorOf = (request: FastifyRequest, need: SessionNeed) =>
    authenticateOperator(app.db, app.appConfig, request.headers.authorization, need, app.clock());

  app.route({
    ...fromContract(opsEndpoints.requestCode),
    ...validated,
    config: signInLimits.generateCode(app.appConfig.loginCodeIpLimit),
    handler: async (request) => {
      await requestOperatorCode(app.db, app.appConfig, { email: request.body.email, ip: request.ip }, app.clock());
      return { success: true as const };
    },
  });

  app.route({
    ...fromContract(opsEndpoints.verifyCode),
    ...validated,
    config: signInLimits.login(app.appConfig.loginIpLimit),
    handler: (request) => verifyOperatorCode(app.db, app.appConfig, request.body, app.clock()),
  });

  app.route({
    ...fromContract(opsEndpoints.totpSetup),
    config: signInLimits.verify(app.appConfig.verifyIpLimit),
    handler: async (request) => {
      const operator = await operatorOf(request, { stage: 'pending' });
      return setUpTotp(app.db, app.appConfig, operator, app.clock());
    },
  });

  app.route({
    ...fromContract(opsEndpoints.totpVerify),
    ...validated,
    config: signInLimits.verify(app.appConfig.verifyIpLimit),
    handler: async (request) => {
      const operator = await operatorOf(request, { stage: 'pending' });
      return verifyTotp(app.db, app.appConfig, operator, { code: request.body.code, ip: request.ip }, app.clock());
    },
  });

  app.route({
    ...fromContract(opsEndpoints.signOut),
    handler: async (request, reply) => {
      const operator = await operatorOf(request, { stage: 'any' });
      await signOutOperator(app.db, operator, request.ip, app.clock());
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...fromContract(opsEndpoints.me),
    handler: async (request) => {
      const operator = await operatorOf(request, { stage: 'full' });
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
    handler: async (request) => {
      await operatorOf(request, { stage: 'full', capability: 'team' });
      return { operators: await listTeam(app.db) };
    },
  });

  app.route({
    ...fromContract(opsEndpoints.invite),
    ...validated,
    handler: async (request, reply) => {
      const operator = await operatorOf(request, { stage: 'full', capability: 'team' });
      const member = await inviteOperator(app.db, app.appConfig, actorOf(operator, request), request.body, app.clock());
      return reply.status(201).send(member);
    },
  });

  app.route({
    ...fromContract(opsEndpoints.updateOperator),
    ...validated,
    handler: async (request) => {
      const operator = await operatorOf(request, { stage: 'full', capability: 'team' });
      return updateOperator(
        app.db,
        app.appConfig,
        actorOf(operator, request),
        request.params.operatorId.toLowerCase(),
        request.body,
        app.clock(),
      );
    },
  });

  app.route({
    ...fromContract(opsEndpoints.audit),
    ...validated,
    handler: async (request) => {
      await operatorOf(request, { stage: 'full', capability: 'audit' });
      return listAudit(app.db, { ...request.query, operator: request.query.operator?.toLowerCase() });
    },
  });

  app.route({
    ...fromContract(opsEndpoints.auditCsv),
    ...validated,
    handler: async (request, reply) => {
      const operator = await operatorOf(request, { stage: 'full', capability: 'audit' });
      const now = app.clock();
      const filters = { ...request.query, operator: request.query.operator?.toLowerCase() };
      // The export is itself an action of the audit trail, written before the rows are read.
      const csv = await app.db.transaction(async (tx) => {
        await recordAudit(
          tx,
          actorOf(operator, request),
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
