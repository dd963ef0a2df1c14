import { act, render, screen } from '@testing-library/react';
import { FleetUiProvider } from '@fleet/shared-ui';
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, notify, useNotifications } from '@fleet/shared-api';
import i18next from 'i18next';
import { initI18n } from '../i18n/i18n';
import { Toasts } from './Toasts';

beforeAll(() => initI18n());

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

  it("says the error catalogue's own messages in the page language; a server's message is shown as it came", async () => {
    await act(async () => {
      await i18next.changeLanguage('hi');
    });
    try {
      render(
        <FleetUiProvider>
          <Toasts />
        </FleetUiProvider>,
      );
      act(() => {
        notify.error(NETWORK_ERROR_MESSAGE);
        notify.error(GENERIC_ERROR_MESSAGE);
        notify.error('Firmware version already exists');
      });
      expect(await screen.findByText('उफ़! कृपया अपना इंटरनेट कनेक्शन जाँचें।')).toBeInTheDocument();
      expect(await screen.findByText('कुछ गलत हो गया')).toBeInTheDocument();
      expect(await screen.findByText('Firmware version already exists')).toBeInTheDocument();
      expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).toBeNull();
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });
});
