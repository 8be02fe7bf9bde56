/*
 * The gamification's public module (issue 21): other features award and reverse points inside their own
 * transactions, so an action and its points commit together (docs/decisions/gamification.md). The chat charges
 * its message fee the same way; a refused fee refuses the message.
 */
export { awardPoints, chargeMessageFee, reverseSource, reverseSubject, type PointEvent } from './ledger.ts';
/** Level gates of spaces, courses and chats (level-gate.ts). */
export { assertLevel, levelFieldErrors, levelGate, requiredLevelsOf, type LevelGate } from './level-gate.ts';
