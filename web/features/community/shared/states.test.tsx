import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { CurrentAppContext } from '../../../kernel/current-app';
import { signInForTest } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { communityApp } from '../community-test-data';
import { LoadError } from './states';

function renderError(error: unknown) {
  renderWithProviders(
    <CurrentAppContext value={communityApp}>
      <LoadError error={error} page />
    </CurrentAppContext>,
    { path: '/:appSlug/groups', url: '/akademie/groups', host: 'app' },
  );
}

beforeEach(() => {
  signInForTest();
});

describe('a community load error', () => {
  it('names the level that opens a gated space instead of a failure', async () => {
    renderError(
      new ApiError({
        status: 403,
        code: 'LEVEL_REQUIRED',
        message: 'errors.LEVEL_REQUIRED',
        details: { requiredLevel: { level: 2, name: 'Entdecker', points: 50 } },
      }),
    );
    const locked = await screen.findByTestId('community-level-locked');
    expect(locked.textContent).toContain('Ab Level 2 (Entdecker)');
    expect(locked.textContent).toContain('wird ab Level 2 (Entdecker) freigeschaltet');
  });

  it('keeps the failure for other refusals', async () => {
    renderError(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'errors.FORBIDDEN' }));
    expect(await screen.findByTestId('community-error')).toBeTruthy();
    expect(screen.queryByTestId('community-level-locked')).toBeNull();
  });
});
