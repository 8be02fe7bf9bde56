import type { CustomStuff } from '../../../contracts/gamification-shop';

export type BlockedReason = 'REWARD_SOLD_OUT' | 'REWARD_LIMIT_REACHED' | 'POINTS_TOO_LOW';

/**
 * Why the member cannot redeem an item, as far as the shop's answer tells (the server checks again, under
 * concurrency): sold out, the member's limit reached, or too few points; null when it may be tried.
 */
export function blockedReason(
  item: Pick<CustomStuff, 'left' | 'perMemberLimit' | 'boughtByMe' | 'rewardPoints'>,
  balance: number | null,
): BlockedReason | null {
  if (item.left !== null && item.left <= 0) {
    return 'REWARD_SOLD_OUT';
  }
  if (item.perMemberLimit !== null && item.boughtByMe >= item.perMemberLimit) {
    return 'REWARD_LIMIT_REACHED';
  }
  if (balance !== null && balance < item.rewardPoints) {
    return 'POINTS_TOO_LOW';
  }
  return null;
}
