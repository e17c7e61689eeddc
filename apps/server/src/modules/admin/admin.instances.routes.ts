import { instanceDomainParamSchema, instanceRuleInputSchema, instanceRuleSchema, noContentSchema } from '@vgl/shared/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse } from '../../http/route-conventions.js';
import { actorOf } from '../auth/auth.guard.js';
import type { InstanceRulesService } from './admin.instances.js';

/**
 * Instance blocks and silences, /api/admin/federation/instances (issue 40):
 * staff, as suspending a member is (401 without a token, 403 otherwise).
 */
export const adminInstancesRoutes =
  (rules: InstanceRulesService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    const staff = { access: 'staff' } as const;
    const ruleList = z.array(instanceRuleSchema).describe('Every rule, by domain');

    app.get(
      '/api/admin/federation/instances',
      { config: staff, schema: { operationId: 'listInstanceRules', summary: 'Remote servers blocked or silenced, with the follows of members each still has', tags, response: { 200: ruleList } } },
      async () => rules.list(),
    );

    app.post(
      '/api/admin/federation/instances',
      {
        config: staff,
        schema: {
          operationId: 'setInstanceRule',
          summary: 'Block or silence a remote server (and its subdomains), or change its rule',
          description:
            'block: its activities are refused at the inbox (403), its accounts’ follows of members are removed, nothing is delivered to it (deliveries already queued are dropped). ' +
            'silence: its follows wait for the member’s approval, even of a public profile, and nothing from it notifies anyone. ' +
            '201 when the domain is new, 200 when its rule changed or was already so. A domain with a scheme, path or port, or that is not a domain name, is a 400 saying which.',
          tags,
          body: instanceRuleInputSchema,
          response: { 200: instanceRuleSchema, 201: instanceRuleSchema },
        },
      },
      async (req, reply) => {
        const { rule, created } = await rules.set(actorOf(req), req.body);
        return reply.code(created ? 201 : 200).send(rule);
      },
    );

    app.delete(
      '/api/admin/federation/instances/:domain',
      {
        config: staff,
        schema: {
          operationId: 'removeInstanceRule',
          summary: 'Lift a block or silence',
          description: 'Its accounts may follow members again; follows a block removed stay removed.',
          tags,
          params: instanceDomainParamSchema,
          response: { 204: noContentSchema, 404: errorResponse(404, 'The domain is neither blocked nor silenced') },
        },
      },
      async (req, reply) => {
        await rules.remove(actorOf(req), req.params.domain);
        return reply.code(204).send(null);
      },
    );
  };
