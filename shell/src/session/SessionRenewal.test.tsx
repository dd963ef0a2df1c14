// Issue 20: the spec's token-expired dialog shows only when renewing the session is refused (or
// fails); a refused access token that a silent renewal replaces never opens it.
import { act, render, screen, waitFor } from '@testing-library/react';
import { apiGet, MemoryRouter, reloadSessionFromStorage, Route, Routes, sessionKeepAlive, useSession } from '@fleet/shared-api';
import { FleetUiProvider } from '@fleet/shared-ui';
import { adminInfo, fakeSessionServer, type FakeSessionServer } from '@fleet/shared-api/src/test-support';
import { initI18n } from '../i18n/i18n';
import { SessionRenewal } from './SessionRenewal';

const DIALOG_TEXT = 'Please renew your session to continue';

function renderPage() {
  render(
    <FleetUiProvider>
      <MemoryRouter initialEntries={['/admin/devices']}>
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="*" element={<p>devices page</p>} />
        </Routes>
        <SessionRenewal />
      </MemoryRouter>
    </FleetUiProvider>,
  );
}

let server: FakeSessionServer;

beforeAll(() => initI18n());
beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
  server = fakeSessionServer();
});
afterEach(() => sessionKeepAlive.stop());

/** Lets every pending renewal and lazy import settle, then says whether the dialog is up. */
async function dialogShown(): Promise<boolean> {
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  return screen.queryByText(DIALOG_TEXT) !== null;
}

describe('the session-expired dialog', () => {
  it('stays closed when the access token was replaced or ran out and a renewal cures it', async () => {
    useSession.getState().signIn({ token: 'a-replaced-access-token', refresh_token: server.refresh(), info: adminInfo });
    renderPage();
    const answers = await act(() => Promise.all([apiGet('api/devices'), apiGet('api/profile')]));
    expect(answers.map((a) => a.status)).toEqual([true, true]);
    expect(server.refreshes()).toBe(1);
    expect(await dialogShown()).toBe(false);
    expect(useSession.getState().accessToken).toBe(server.access());
  });

  it('opens when the renewal is refused (session ended, account disabled)', async () => {
    useSession.getState().signIn({ token: server.access(), refresh_token: server.refresh(), info: adminInfo });
    renderPage();
    server.revoke();
    await act(async () => {
      await expect(apiGet('api/devices')).rejects.toMatchObject({ status: 401, expiredSession: true });
    });
    expect(await screen.findByText(DIALOG_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('opens when the renewal gets no answer', async () => {
    useSession.getState().signIn({ token: 'a-replaced-access-token', refresh_token: server.refresh(), info: adminInfo });
    renderPage();
    server.offline = true;
    await act(async () => {
      await expect(apiGet('api/devices')).rejects.toMatchObject({ status: 401 });
    });
    expect(await screen.findByText(DIALOG_TEXT)).toBeInTheDocument();
  });

  it('opens when a planned renewal is refused, and Renew, refused again, leads to /login', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-26T09:00:00.000Z'), advanceTimers: true });
    try {
      const shortLived = fakeSessionServer({ ttlSeconds: 6 });
      useSession.getState().signIn({ token: shortLived.access(), refresh_token: shortLived.refresh(), info: adminInfo });
      sessionKeepAlive.start();
      renderPage();
      window.dispatchEvent(new Event('keydown'));
      shortLived.revoke();
      await act(() => jest.advanceTimersByTimeAsync(4_500));
      expect(shortLived.refreshes()).toBe(1);
      await waitFor(() => expect(screen.getByText(DIALOG_TEXT)).toBeInTheDocument());
      await act(async () => screen.getByRole('button', { name: 'Renew' }).click());
      await act(() => jest.advanceTimersByTimeAsync(500));
      await waitFor(() => expect(screen.getByText('login page')).toBeInTheDocument());
      expect(useSession.getState().accessToken).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
