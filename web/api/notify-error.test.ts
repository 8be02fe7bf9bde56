import { CancelledError } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { errorTextKey, notifyError } from './notify-error';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

function apiError(status: number, code: string | null, message: string): ApiError {
  return new ApiError({ status, code: code as ApiError['code'], message });
}

beforeEach(() => {
  show.mockReset();
});

describe('notifyError', () => {
  it('shows the translated text of the error code', () => {
    notifyError(apiError(404, 'NOT_FOUND', 'errors.NOT_FOUND'));
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({
      message: 'Das konnten wir leider nicht finden. Vielleicht wurde es verschoben oder gelöscht.',
      color: 'red',
    });
  });

  it('ignores 403 responses (spec §8)', () => {
    notifyError(apiError(403, 'FORBIDDEN', 'errors.FORBIDDEN'));
    expect(show).not.toHaveBeenCalled();
  });

  it('ignores aborted and cancelled requests (spec §8)', () => {
    notifyError(new DOMException('The operation was aborted.', 'AbortError'));
    notifyError(new CancelledError());
    expect(show).not.toHaveBeenCalled();
  });

  it('falls back to the server message key, then to the generic text', () => {
    expect(errorTextKey(apiError(400, 'SOMETHING_NEW', 'validation.email'))).toBe('validation.email');
    expect(errorTextKey(apiError(400, 'SOMETHING_NEW', 'Not a key'))).toBe('errors.generic');
    expect(errorTextKey(new Error('boom'))).toBe('errors.generic');
    expect(errorTextKey(apiError(0, null, 'errors.network'))).toBe('errors.network');
  });
});
