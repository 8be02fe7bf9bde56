import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function Dialog({ opened, title }: { opened: boolean; title: string }) {
  return (
    <div data-testid="dialog" data-opened={opened}>
      {title}
    </div>
  );
}

describe('a dialog loaded on its first opening', () => {
  it('loads nothing while closed, then shows the dialog and keeps it mounted as it closes', async () => {
    const load = vi.fn(() => Promise.resolve(Dialog));
    const LazyDialog = lazyDialog(load);
    const { rerender } = render(<LazyDialog opened={false} title="Zuschneiden" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByTestId('dialog')).toBeNull();

    rerender(<LazyDialog opened title="Zuschneiden" />);
    expect((await screen.findByTestId('dialog')).textContent).toBe('Zuschneiden');
    expect(load).toHaveBeenCalledTimes(1);

    rerender(<LazyDialog opened={false} title="Zuschneiden" />);
    expect(screen.getByTestId('dialog').dataset.opened).toBe('false');
  });
});
