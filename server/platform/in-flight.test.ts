import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight.ts';

describe('in-flight handlers', () => {
  it('drains when the last handler finishes, or reports a timeout', async () => {
    const inFlight = createInFlight();
    let release: () => void = () => undefined;
    const work = inFlight.track(() => new Promise<string>((resolve) => (release = () => resolve('done'))));
    expect(inFlight.count).toBe(1);
    expect(await inFlight.drain(20)).toBe(false);
    const drained = inFlight.drain(5_000);
    release();
    expect(await work).toBe('done');
    expect(await drained).toBe(true);
    expect(inFlight.count).toBe(0);
    expect(await inFlight.drain(10)).toBe(true);
  });

  it('counts a failing handler out too', async () => {
    const inFlight = createInFlight();
    await expect(inFlight.track(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(inFlight.count).toBe(0);
  });
});
