// EIP-4361 messages to sign: GET /user/nonce/?wallet_address= (sign-in) and
// GET /user/message-to-sign/?address= (signup, connecting a wallet). Both single use, 10 minutes.
import { walletAddressSchema, walletMessageSchema } from '@vitrine/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMeta } from '../auth/request-meta';
import { accountErrors } from '../auth/schemas';

const chainId = z.coerce
  .number({ error: 'Invalid chain id' })
  .int('Invalid chain id')
  .min(1, 'Invalid chain id')
  .max(2 ** 31)
  .optional();

export const walletMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const issue = (address: string, chain: number | undefined, request: Parameters<typeof requestMeta>[0]) =>
    app.services.accounts.wallets.issueMessage(
      address,
      chain,
      requestMeta(request, app.services.accounts.origins).site,
    );

  app.get(
    '/user/nonce/',
    {
      schema: {
        tags: ['wallets'],
        summary: 'A single-use EIP-4361 sign-in message for a wallet address',
        querystring: z.object({ wallet_address: walletAddressSchema, chain_id: chainId }),
        response: { 200: walletMessageSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      reply.header('cache-control', 'no-store');
      return issue(q.wallet_address, q.chain_id, request);
    },
  );

  app.get(
    '/user/message-to-sign/',
    {
      schema: {
        tags: ['wallets'],
        summary: 'A single-use EIP-4361 message to sign (wallet signup)',
        querystring: z.object({ address: walletAddressSchema, chain_id: chainId }),
        response: { 200: walletMessageSchema, ...accountErrors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      reply.header('cache-control', 'no-store');
      return issue(q.address, q.chain_id, request);
    },
  );
};
