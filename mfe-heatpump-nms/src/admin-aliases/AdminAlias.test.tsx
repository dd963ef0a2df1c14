import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from '@fleet/shared-api';
import { renderWithUi } from '@fleet/shared-ui/testing';
import { QueryClient, QueryClientProvider } from '@fleet/shared-api/query';
import { act } from 'react';
import { fakeApi, listReply, resetPage, signInAs } from '../test-support';
import { HeatPumpRoutes } from '../HeatPumpRoutes';

beforeEach(resetPage);

let back: () => void = () => undefined;
function Probe() {
  const navigate = useNavigate();
  back = () => navigate(-1);
  const { pathname, search } = useLocation();
  return <output data-testid="where">{`${pathname}${search}`}</output>;
}

/** Opens `path` after a first page, so a pushed redirect would leave `path` one step back. */
function open(path: string) {
  renderWithUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/before', path]} initialIndex={1}>
        <HeatPumpRoutes fallback={<p>another remote</p>} />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const where = () => screen.getByTestId('where').textContent;

describe("spec 2.4's short heat-pump paths for Admin", () => {
  beforeEach(() => {
    signInAs('Admin');
    fakeApi({
      'GET /api/heat-pump/model/list': listReply([]),
      'GET /api/nms/sites/list': listReply([]),
      'GET /api/nms/multi-site-company/list': listReply([]),
      'GET /api/nms/site-managers/list': listReply([]),
      'GET /api/nms/contacts/list': listReply([]),
    });
  });

  it.each([
    ['/admin/models', '/admin/heat_pump/models'],
    ['/admin/faulty-systems?fault_status=1', '/admin/heat_pump/faulty-systems?fault_status=1'],
    ['/admin/faulty-systems/view/faulty-history/12', '/admin/heat_pump/faulty-systems/view/faulty-history/12'],
    ['/admin/multi-site-company', '/admin/heat_pump/multi-site-company'],
    ['/admin/multi-site-company/view/4', '/admin/heat_pump/multi-site-company/view/4'],
    ['/admin/sites?site_name=North', '/admin/heat_pump/sites?site_name=North'],
    ['/admin/sites/view/8', '/admin/heat_pump/sites/view/8'],
    ['/admin/multi-site-contacts', '/admin/heat_pump/multi-site-contacts'],
    ['/admin/site-managers', '/admin/heat_pump/site-managers'],
  ])('%s leads to %s, replacing the short path in the history', async (from, to) => {
    open(from);
    await waitFor(() => expect(where()).toBe(to));
    act(() => back());
    await waitFor(() => expect(where()).toBe('/before'));
  });
});
