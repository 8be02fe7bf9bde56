import { describe, expect, it } from 'vitest';
import { dayjs } from './dayjs';

describe('dayjs of the screens that use it', () => {
  it('writes German dates where a screen asks for German', () => {
    expect(dayjs('2026-03-02').locale('de').format('dddd, D. MMMM')).toBe('Montag, 2. März');
    expect(dayjs('2026-03-02').locale('en').format('dddd, D MMMM')).toBe('Monday, 2 March');
  });
});
