import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDv7, made in code because PostgreSQL 15 has no uuidv7(). */
export function newId(): string {
  return uuidv7();
}
