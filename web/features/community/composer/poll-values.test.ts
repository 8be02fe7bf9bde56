import { describe, expect, it } from 'vitest';
import { pollLimits } from '../../../../contracts/community-posts';
import {
  addOption,
  canAddOption,
  emptyPoll,
  pollBodyOf,
  pollIssuesOf,
  removeOption,
  setOptionText,
  type PollDraft,
} from './poll-values';

const now = Date.parse('2027-05-01T10:00:00Z');

function draft(question: string, options: string[], extra: Partial<PollDraft> = {}): PollDraft {
  let poll = { ...emptyPoll(), question };
  while (poll.options.length < options.length) {
    poll = addOption(poll);
  }
  options.forEach((text, index) => {
    poll = setOptionText(poll, poll.options[index]?.key ?? '', text);
  });
  return { ...poll, ...extra };
}

describe('poll builder', () => {
  it('starts with two empty answers and keeps between 2 and 10', () => {
    let poll = emptyPoll();
    expect(poll.options).toHaveLength(pollLimits.minOptions);
    expect(removeOption(poll, poll.options[0]?.key ?? '')).toBe(poll);
    while (canAddOption(poll)) {
      poll = addOption(poll);
    }
    expect(poll.options).toHaveLength(pollLimits.maxOptions);
    expect(addOption(poll)).toBe(poll);
    const third = poll.options[2]?.key ?? '';
    expect(removeOption(poll, third).options.map((option) => option.key)).not.toContain(third);
  });

  it('gives every answer a key of its own, kept when others go', () => {
    const poll = addOption(emptyPoll());
    const keys = poll.options.map((option) => option.key);
    expect(new Set(keys).size).toBe(3);
    expect(removeOption(poll, keys[0] ?? '').options.map((option) => option.key)).toEqual(keys.slice(1));
  });

  it('builds the vote body: trimmed texts, the choice kind and the end on the composer’s zone', () => {
    const poll = draft(' Welcher Termin? ', [' Montag ', 'Dienstag'], {
      isMultiple: true,
      endDate: '2027-05-10',
      endTime: '18:00',
    });
    expect(pollBodyOf(poll, 'Europe/Berlin')).toEqual({
      question: 'Welcher Termin?',
      options: ['Montag', 'Dienstag'],
      isMultiple: true,
      endsAt: '2027-05-10T16:00:00.000Z',
    });
    expect(pollBodyOf({ ...poll, endDate: '', endTime: '' }, 'Europe/Berlin').endsAt).toBeNull();
  });

  it('names the question, each empty answer, repeated answers and a bad end', () => {
    expect(pollIssuesOf(draft('', ['Ja', '']), 'Europe/Berlin', now)).toEqual({
      question: { key: 'validation.required' },
      'options.1': { key: 'validation.required' },
    });
    expect(pollIssuesOf(draft('Kommen Sie?', ['Ja', 'Nein', ' ja ']), 'Europe/Berlin', now)).toEqual({
      'options.2': { key: 'validation.unique' },
    });
    expect(
      pollIssuesOf(draft('Kommen Sie?', ['Ja', 'Nein'], { endDate: '2027-05-10' }), 'Europe/Berlin', now),
    ).toEqual({
      endsAt: { key: 'validation.required' },
    });
    expect(
      pollIssuesOf(
        draft('Kommen Sie?', ['Ja', 'Nein'], { endDate: '2027-04-30', endTime: '12:00' }),
        'Europe/Berlin',
        now,
      ),
    ).toEqual({ endsAt: { key: 'communityComposer.poll.endInPast' } });
    expect(pollIssuesOf(draft('Kommen Sie?', ['Ja', 'Nein']), 'Europe/Berlin', now)).toEqual({});
  });
});
