// A remote's screens read again by themselves when an expired session is renewed (issue 20: after
// Renew no list keeps "Your session has expired" until Retry).
import { act, render, screen } from '@testing-library/react';
import { apiGet, ApiError, reloadSessionFromStorage, useSession } from '@fleet/shared-api';
import { adminInfo } from '@fleet/shared-api/src/test-support';
import { useQuery } from '@fleet/shared-api/query';
import { createRemoteQueryClient, RemoteRoot } from './RemoteRoot';

function DeviceCount() {
  const query = useQuery({ queryKey: ['devices'], queryFn: () => apiGet<{ total: number }>('api/devices') });
  if (query.error) return <p role="alert">{query.error instanceof ApiError && query.error.expiredSession ? 'Your session has expired.' : 'failed'}</p>;
  return <p>{query.data ? `${query.data.info.total} devices` : 'loading'}</p>;
}

let accepted = 'access-1';

beforeEach(() => {
  localStorage.clear();
  reloadSessionFromStorage();
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    // the renewal is refused: the session is expired until the user renews in the dialog
    if (new URL(request.url).pathname === '/api/token-refresh') return json({ status: false, message: 'Invalid refresh token' }, 401);
    if (request.headers.get('authorization') !== `Bearer ${accepted}`) return json({ status: false, message: 'Unauthorized' }, 401);
    return json({ status: true, message: 'ok', info: { total: 42 } });
  }) as unknown as typeof fetch;
});

test('an expired session renewed (the dialog\'s Renew, or another tab) reads the screen again by itself', async () => {
  useSession.getState().signIn({ token: 'access-1', refresh_token: 'refresh-1', info: adminInfo });
  accepted = 'access-0';
  render(
    <RemoteRoot>
      <DeviceCount />
    </RemoteRoot>,
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('Your session has expired.');
  expect(useSession.getState().sessionExpired).toBe(true);

  // what a successful Renew does to the session
  accepted = 'access-2';
  act(() => useSession.setState({ accessToken: 'access-2', refreshToken: 'refresh-2', sessionExpired: false }));
  expect(await screen.findByText('42 devices')).toBeInTheDocument();
});

test('a sign-out empties the remote\'s cache: nothing read under the session is kept to be shown again', async () => {
  useSession.getState().signIn({ token: 'access-1', refresh_token: 'refresh-1', info: adminInfo });
  accepted = 'access-1';
  const client = createRemoteQueryClient();
  render(
    <RemoteRoot queryClient={client}>
      <DeviceCount />
    </RemoteRoot>,
  );
  expect(await screen.findByText('42 devices')).toBeInTheDocument();
  expect(client.getQueryData(['devices'])).toBeDefined();
  act(() => useSession.getState().signOut());
  expect(client.getQueryCache().getAll()).toHaveLength(0);
});

test('inside the console a remote writes no page styles of its own; as a page of its own it does', () => {
  const tokenRules = () =>
    Array.from(document.styleSheets).flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText)).filter((css) => css.includes('--chakra-colors-red-500:')).length;
  const inConsole = render(<RemoteRoot>screens</RemoteRoot>);
  expect(tokenRules()).toBe(0);
  inConsole.unmount();
  render(<RemoteRoot main>screens</RemoteRoot>);
  expect(tokenRules()).toBeGreaterThan(0);
});
