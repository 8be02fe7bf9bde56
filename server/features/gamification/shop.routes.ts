import { z } from 'zod';
import { appParamsSchema, idParamsSchema } from '../../../contracts/gamification.ts';
import {
  customStuffBodySchema,
  customStuffListQuerySchema,
  customStuffListSchema,
  customStuffPatchBodySchema,
  customStuffResponseSchema,
  purchaseBodySchema,
  purchaseResponseSchema,
  rewardOrderListQuerySchema,
  rewardOrderListSchema,
  rewardOrderPatchBodySchema,
  rewardOrderResponseSchema,
} from '../../../contracts/gamification-shop.ts';
import type { DbOrTx } from '../../db/client.ts';
import { defineRoute } from '../../platform/routes.ts';
import type { UrlSign } from '../cloud/public.ts';
import type { GamificationScopes } from './gamification.access.ts';
import { createShopScopes } from './shop.access.ts';
import { createShopService } from './shop.service.ts';

const tags = ['gamification'];

/** The rewards shop (APP-SERVICES: custom stuff, purchase, orders). */
export function shopRoutes(deps: { db: DbOrTx; sign: UrlSign; scopes: GamificationScopes }) {
  const shop = createShopService(deps);
  const app = deps.scopes.app('appId');
  const own = createShopScopes(deps.db);
  const item = own.customStuff();
  const order = own.rewardOrder();
  return [
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/custom-stuff',
      auth: 'session',
      scope: app,
      ability: 'app:view',
      summary: "The rewards shop's items, newest first (managers: every item, with what a buyer is shown)",
      tags,
      schema: {
        params: appParamsSchema,
        querystring: customStuffListQuerySchema,
        response: { 200: customStuffListSchema },
      },
      handler: async (request) => shop.list(request.access, request.query),
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/custom-stuff',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary: 'Add an item to the rewards shop',
      tags,
      schema: {
        params: appParamsSchema,
        body: customStuffBodySchema,
        response: { 201: customStuffResponseSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send({ data: await shop.create(request.access, request.body) }),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/custom-stuff/:id',
      auth: 'session',
      scope: item,
      ability: 'app:create_gamification_rule',
      summary: 'Change an item of the rewards shop',
      tags,
      schema: {
        params: idParamsSchema,
        body: customStuffPatchBodySchema,
        response: { 200: customStuffResponseSchema },
      },
      handler: async (request) => ({ data: await shop.update(request.access, request.body) }),
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/custom-stuff/:id',
      auth: 'session',
      scope: item,
      ability: 'app:create_gamification_rule',
      summary: 'Take an item out of the rewards shop (its orders stay)',
      tags,
      schema: { params: idParamsSchema, response: { 204: z.null() } },
      handler: async (request, reply) => {
        await shop.remove(request.access);
        return reply.status(204).send(null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/apps/:appId/gamification/purchase',
      auth: 'session',
      scope: app,
      ability: 'app:spend_points',
      summary:
        'Buy an item of the rewards shop with points (409 when the points, the stock or the limit fall short)',
      tags,
      schema: {
        params: appParamsSchema,
        body: purchaseBodySchema,
        response: { 200: purchaseResponseSchema },
      },
      handler: async (request) => ({ data: await shop.purchase(request.access, request.body.customStuffId) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apps/:appId/gamification/orders',
      auth: 'session',
      scope: app,
      ability: 'app:create_gamification_rule',
      summary: "The shop's orders, newest first, optionally of one status",
      tags,
      schema: {
        params: appParamsSchema,
        querystring: rewardOrderListQuerySchema,
        response: { 200: rewardOrderListSchema },
      },
      handler: async (request) => shop.orders(request.access, request.query),
    }),
    defineRoute({
      method: 'PATCH',
      url: '/api/reward-orders/:id',
      auth: 'session',
      scope: order,
      ability: 'app:create_gamification_rule',
      summary: 'Fulfil or refund an open order (a refund returns the points and the item to the stock)',
      tags,
      schema: {
        params: idParamsSchema,
        body: rewardOrderPatchBodySchema,
        response: { 200: rewardOrderResponseSchema },
      },
      handler: async (request) => ({ data: await shop.decide(request.access, request.body.status) }),
    }),
  ];
}
