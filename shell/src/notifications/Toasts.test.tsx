import { act, render, screen } from '@testing-library/react';
import { FleetUiProvider } from '@fleet/shared-ui';
import { notify, useNotifications } from '@fleet/shared-api';
import { Toasts } from './Toasts';

describe('toasts', () => {
  it('shows what any remote notifies, success and error, and hands each to the toaster', async () => {
    render(
      <FleetUiProvider>
        <Toasts />
      </FleetUiProvider>,
    );
    act(() => {
      notify.success('Profile updated successfully');
      notify.error('Something went wrong');
    });
    expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(useNotifications.getState().items).toEqual([]);
  });
});
