import type { Tariff, TariffLimitKey } from '../../../contracts/workspace.ts';

/**
 * The tariff catalogue (`GET /tariffs`). Limits: -1 = unlimited, 0 = disabled (spec §9). A new project gets
 * `DEFAULT_TARIFF` (configuration); billing for tariffs is outside this product, so changing a project's
 * tariff is an operator's database update.
 */
export const tariffs: readonly Tariff[] = [
  {
    id: 'starter',
    name: 'Starter',
    priceMonthly: 49,
    priceAnnual: 470,
    currency: 'EUR',
    limits: {
      apps: 1,
      contacts: 500,
      domains: 0,
      teamMembers: 1,
      smtp: 0,
      discovery: 0,
      storageMb: 10_240,
      memberStorageMb: 1024,
    },
  },
  {
    id: 'pro',
    name: 'Pro',
    priceMonthly: 129,
    priceAnnual: 1238,
    currency: 'EUR',
    limits: {
      apps: 3,
      contacts: 5000,
      domains: 1,
      teamMembers: 5,
      smtp: 1,
      discovery: 1,
      storageMb: 102_400,
      memberStorageMb: 5120,
    },
  },
  {
    id: 'business',
    name: 'Business',
    priceMonthly: 349,
    priceAnnual: 3350,
    currency: 'EUR',
    limits: {
      apps: -1,
      contacts: -1,
      domains: 10,
      teamMembers: -1,
      smtp: -1,
      discovery: -1,
      storageMb: 1_048_576,
      memberStorageMb: 20_480,
    },
  },
];

/** The tariff of a stored id; an id no longer in the catalogue falls back to the largest tariff. */
export function tariffById(id: string): Tariff {
  return tariffs.find((tariff) => tariff.id === id) ?? tariffs[tariffs.length - 1]!;
}

/** Whether `used + adding` stays within `limit` (-1 unlimited, 0 disabled). */
export function withinLimit(limit: number, used: number, adding = 1): boolean {
  return limit === -1 || used + adding <= limit;
}

export type CountedLimitKey = Extract<TariffLimitKey, 'apps' | 'contacts' | 'domains' | 'teamMembers'>;
