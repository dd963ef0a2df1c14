import { useSession } from '@fleet/shared-api';
import { QueryClient } from '@fleet/shared-api/query';
import { endQueriesWithSession } from './queries-end-with-session';

const info = {
  user_type: 'Admin' as const,
  userInfo: { id: 1, email: 'admin@demo.test', first_name: 'Ada', last_name: 'Admin', agency_id: null, agency_name: null, electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
};

test('the session ending cancels a read in flight and keeps nothing to read again', async () => {
  useSession.getState().signIn({ token: 'a', refresh_token: 'r', info });
  const client = new QueryClient();
  const stop = endQueriesWithSession(client);
  client.setQueryData(['profile'], { name: 'Ada' });
  let answer: (value: string) => void = () => undefined;
  const reading = client.fetchQuery({ queryKey: ['figures'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });

  useSession.getState().signOut();

  await expect(reading).rejects.toThrow('CancelledError');
  answer('too late');
  expect(client.getQueryCache().getAll()).toEqual([]);
  stop();
});
