import { v7 as uuidv7 } from 'uuid';

/** Time-ordered UUIDv7, made in code because PostgreSQL 15 has no uuidv7(). */
export function newId(): string {
  return uuidv7();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (any version, any case): ids from headers and handshakes. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
