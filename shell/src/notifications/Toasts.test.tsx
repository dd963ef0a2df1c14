import { act, render, screen } from '@testing-library/react';
import { FleetUiProvider } from '@fleet/shared-ui';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, notify, useNotifications } from '@fleet/shared-api';
import i18next from 'i18next';
import { changeLanguage, initI18n } from '../i18n/i18n';
import { Toasts } from './Toasts';

beforeAll(() => initI18n());

/** Renders the toaster with the page in Hindi for `check`, then puts English back. */
async function inHindi(check: () => Promise<void>): Promise<void> {
  await act(async () => {
    await changeLanguage('hi');
  });
  try {
    render(
      <FleetUiProvider>
        <Toasts />
      </FleetUiProvider>,
    );
    await check();
  } finally {
    await act(async () => {
      await changeLanguage('en');
    });
  }
}

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
    await inHindi(async () => {
      act(() => {
        notify.error(NETWORK_ERROR_MESSAGE);
        notify.error(GENERIC_ERROR_MESSAGE);
        notify.error('Firmware version already exists');
      });
      expect(await screen.findByText('उफ़! कृपया अपना इंटरनेट कनेक्शन जाँचें।')).toBeInTheDocument();
      expect(await screen.findByText('कुछ गलत हो गया')).toBeInTheDocument();
      expect(await screen.findByText('Firmware version already exists')).toBeInTheDocument();
      expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).toBeNull();
    });
  });

  it("says a server's sentence in Hindi by its code, and in English when the answer has no code", async () => {
    await inHindi(async () => {
      act(() => {
        notify.success({ message: 'Device updated successfully', code: 'devices.updated' });
        notify.success({ message: 'Firmware update sent to 3 devices', code: 'ota.pushSent', params: { count: 3 } });
        notify.failure(new ApiError(404, 'Agency not found', { status: false, message: 'Agency not found', code: 'agencies.notFound' }));
        notify.failure(new ApiError(400, 'first_name must be string', { status: false, message: 'first_name must be string' }));
      });
      expect(await screen.findByText('डिवाइस सफलतापूर्वक अपडेट किया गया')).toBeInTheDocument();
      expect(await screen.findByText('3 डिवाइस को फ़र्मवेयर अपडेट भेजा गया')).toBeInTheDocument();
      expect(await screen.findByText('एजेंसी नहीं मिली')).toBeInTheDocument();
      expect(await screen.findByText('first_name must be string')).toBeInTheDocument();
      expect(screen.queryByText('Device updated successfully')).toBeNull();
    });
  });

  it("shows the server's English in English (the console bundles no English server texts)", async () => {
    render(
      <FleetUiProvider>
        <Toasts />
      </FleetUiProvider>,
    );
    act(() => {
      notify.success({ message: 'Device updated successfully', code: 'devices.updated' });
    });
    expect(await screen.findByText('Device updated successfully')).toBeInTheDocument();
    expect(i18next.hasResourceBundle('en', 'server')).toBe(false);
  });
});
