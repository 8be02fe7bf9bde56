import { errorCodes } from '../../../contracts/errors.ts';
import { AppError } from '../../platform/errors.ts';

/*
 * Members refer to things later issues build: access plans, community groups, spaces, courses, event
 * categories, chats and posts. Until they exist, a request naming them is refused with 400
 * FEATURE_NOT_AVAILABLE (issue 12 point 8) instead of being stored unchecked or answered with an empty list
 * as if nobody matched; an empty list or an absent field is fine.
 */

export const featureNotAvailable = (errors?: Record<string, string>) =>
  new AppError(400, errorCodes.featureNotAvailable, errors ? { errors } : {});

/** Refuses the fields among `fields` that hold ids, naming each in `errors`. */
export function refuseFutureEntityIds(fields: Record<string, readonly string[] | undefined>): void {
  const named = Object.keys(fields).filter((field) => (fields[field]?.length ?? 0) > 0);
  if (named.length > 0) {
    throw featureNotAvailable(Object.fromEntries(named.map((field) => [field, 'validation.invalidValue'])));
  }
}
