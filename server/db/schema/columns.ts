import { timestamp } from 'drizzle-orm/pg-core';

/** Column helpers every area's tables share (not tables themselves: index.ts does not export this file). */

/** A timestamptz column read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = {
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
};
