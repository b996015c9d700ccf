// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdateToast } from '@/features/offline/components/update-toast';

describe('the update prompt (design §4, issue 17)', () => {
  it('offers Reload, and Later puts it away for this visit', async () => {
    const user = userEvent.setup();
    render(<UpdateToast />);
    const prompt = screen.getByRole('alert');
    expect(prompt).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });
});
