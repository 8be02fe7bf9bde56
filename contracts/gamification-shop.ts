import { z } from 'zod';
import { pageSizes } from './constants.ts';
import { gamificationLimits, rewardOrderStatusSchema } from './gamification.ts';
import { paginated } from './pagination.ts';
import { maxLength, requiredString } from './validation/index.ts';

/* The rewards shop: its items (custom stuff) and the members' orders. */

// ---------- rewards shop (custom stuff) ----------

const stuffFields = {
  name: requiredString().check(maxLength(gamificationLimits.itemName)),
  description: z.string().max(gamificationLimits.description),
  rewardPoints: z.number().int().min(1).max(gamificationLimits.points),
  imageId: z.uuid().nullable(),
  stock: z.number().int().min(0).max(gamificationLimits.stock).nullable(),
  perMemberLimit: z.number().int().min(1).max(gamificationLimits.stock).nullable(),
  windowAfterPurchase: z.string().max(gamificationLimits.windowAfterPurchase),
  isActive: z.boolean(),
};
export const customStuffBodySchema = z.strictObject({
  ...stuffFields,
  description: stuffFields.description.default(''),
  imageId: stuffFields.imageId.default(null),
  stock: stuffFields.stock.default(null),
  perMemberLimit: stuffFields.perMemberLimit.default(null),
  windowAfterPurchase: stuffFields.windowAfterPurchase.default(''),
  isActive: stuffFields.isActive.default(true),
});
export const customStuffPatchBodySchema = z.strictObject(
  Object.fromEntries(Object.entries(stuffFields).map(([key, field]) => [key, field.optional()])) as {
    [K in keyof typeof stuffFields]: z.ZodOptional<(typeof stuffFields)[K]>;
  },
);
export const customStuffSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  rewardPoints: z.number().int(),
  imageId: z.uuid().nullable(),
  imageUrl: z.string().nullable(),
  stock: z.number().int().nullable(),
  sold: z.number().int(),
  /** Still to buy (null: unlimited). */
  left: z.number().int().nullable(),
  perMemberLimit: z.number().int().nullable(),
  /** Shown to managers only; members see it after buying. */
  windowAfterPurchase: z.string().nullable(),
  isActive: z.boolean(),
  /** How many the caller bought (not refunded). */
  boughtByMe: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type CustomStuff = z.infer<typeof customStuffSchema>;
export const customStuffResponseSchema = z.object({ data: customStuffSchema });
export const customStuffListSchema = paginated(customStuffSchema);
export const customStuffListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(pageSizes.customStuff),
});

export const purchaseBodySchema = z.strictObject({ customStuffId: z.uuid() });
export const rewardOrderSchema = z.object({
  id: z.uuid(),
  status: rewardOrderStatusSchema,
  points: z.number().int(),
  item: z.object({ id: z.uuid(), name: z.string() }),
  member: z.object({ profileId: z.uuid(), name: z.string() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type RewardOrder = z.infer<typeof rewardOrderSchema>;
export const purchaseResponseSchema = z.object({
  data: z.object({
    order: rewardOrderSchema,
    balance: z.number().int(),
    windowAfterPurchase: z.string(),
  }),
});
export const rewardOrderListSchema = paginated(rewardOrderSchema);
export const rewardOrderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  status: rewardOrderStatusSchema.optional(),
});
export const rewardOrderPatchBodySchema = z.strictObject({ status: z.enum(['fulfilled', 'refunded']) });
export const rewardOrderResponseSchema = z.object({ data: rewardOrderSchema });
