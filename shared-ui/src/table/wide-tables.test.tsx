// Issue 20 item 10: wide tables. The row actions stay in view, a column chooser remembered per list, and
// at phone width each row is a card.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeMatchMedia } from '../jsdom-polyfills';
import { renderWithUi } from '../test-utils';
import { DataTable, type DataColumn } from './DataTable';
import { PHONE_WIDTH_QUERY } from './phone-width';

interface Device {
  id: number;
  serial_number: string;
  version: string;
  wifi_name: string;
  agency_name: string;
}

const rows: Device[] = [
  { id: 1, serial_number: 'SN-001', version: '1.2.0', wifi_name: 'Home', agency_name: 'Sparks' },
  { id: 2, serial_number: 'SN-002', version: '1.3.0', wifi_name: 'Shed', agency_name: 'Volt' },
];

const columns: DataColumn<Device>[] = [
  { key: 'serial_number', header: 'Serial Number' },
  { key: 'version', header: 'Firmware Version' },
  { key: 'agency_name', header: 'Agency Name' },
  { key: 'wifi_name', header: 'WiFi Name', hiddenByDefault: true },
  { key: 'action', header: 'Action', sortable: false, render: (row) => <button>View {row.serial_number}</button> },
];

const header = (name: string) => screen.queryByRole('columnheader', { name });

beforeEach(() => window.localStorage.clear());

describe('the row actions while the table scrolls sideways', () => {
  it('keeps the action column at the right edge, opaque, with an edge', () => {
    renderWithUi(<DataTable label="Devices" columns={columns} rows={rows} rowKey="id" />);
    const cells = [screen.getByRole('columnheader', { name: 'Action' }), ...screen.getAllByRole('button', { name: /^View / }).map((b) => b.closest('td'))];
    for (const cell of cells) {
      expect(cell).toHaveAttribute('data-sticky', 'end');
      expect(cell).toHaveStyle({ position: 'sticky', right: '0px' });
    }
    // the other cells scroll with the table
    expect(screen.getByRole('cell', { name: 'SN-001' })).not.toHaveAttribute('data-sticky');
  });

  it('keeps the selection checkboxes at the left edge', () => {
    renderWithUi(
      <DataTable
        label="Devices"
        columns={columns}
        rows={rows}
        rowKey="id"
        selection={{ selectedKeys: [], onToggleRow: () => {}, onTogglePage: () => {}, rowLabel: (row) => `Select ${row.serial_number}` }}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'Select SN-001' }).closest('td');
    expect(box).toHaveAttribute('data-sticky', 'start');
    expect(box).toHaveStyle({ position: 'sticky', left: '0px' });
  });

  it('an explicit actions column is kept in view whatever its key', () => {
    const own: DataColumn<Device>[] = [
      { key: 'serial_number', header: 'Serial Number' },
      { key: 'resolve', header: 'Resolve', sortable: false, actions: true, render: (row) => <button>Resolve {row.serial_number}</button> },
    ];
    renderWithUi(<DataTable label="Devices" columns={own} rows={rows} rowKey="id" />);
    expect(screen.getByRole('columnheader', { name: 'Resolve' })).toHaveAttribute('data-sticky', 'end');
  });
});

describe('the column chooser', () => {
  it('is offered only to a list with an id', () => {
    renderWithUi(<DataTable label="Devices" columns={columns} rows={rows} rowKey="id" />);
    expect(screen.queryByRole('button', { name: 'Columns' })).toBeNull();
    // without a chooser the columns hidden by default are hidden all the same
    expect(header('WiFi Name')).toBeNull();
  });

  it('hides and shows columns, and remembers the choice per list across a remount', async () => {
    const first = renderWithUi(<DataTable label="Devices" listId="/admin/heat_pump/devices" columns={columns} rows={rows} rowKey="id" />);
    expect(header('Firmware Version')).toBeInTheDocument();
    expect(header('WiFi Name')).toBeNull();

    const button = screen.getByRole('button', { name: 'Columns' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    // the key column and the actions cannot be hidden
    expect(within(chooser).getByRole('checkbox', { name: 'Serial Number' })).toBeDisabled();
    expect(within(chooser).getByRole('checkbox', { name: 'Action' })).toBeDisabled();
    expect(within(chooser).getByRole('checkbox', { name: 'WiFi Name' })).not.toBeChecked();

    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'Firmware Version' }));
    await userEvent.click(within(chooser).getByRole('checkbox', { name: 'WiFi Name' }));
    expect(header('Firmware Version')).toBeNull();
    expect(header('WiFi Name')).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: '1.2.0' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Shed' })).toBeInTheDocument();
    first.unmount();

    // a reload of the same list: the same columns
    const again = renderWithUi(<DataTable label="Devices" listId="/admin/heat_pump/devices" columns={columns} rows={rows} rowKey="id" />);
    expect(header('Firmware Version')).toBeNull();
    expect(header('WiFi Name')).toBeInTheDocument();
    again.unmount();

    // another list keeps its own (default) columns
    renderWithUi(<DataTable label="Devices" listId="/admin/devices" columns={columns} rows={rows} rowKey="id" />);
    expect(header('Firmware Version')).toBeInTheDocument();
    expect(header('WiFi Name')).toBeNull();
  });

  it('Reset columns restores the defaults, also after a remount', async () => {
    const first = renderWithUi(<DataTable label="Devices" listId="devices" columns={columns} rows={rows} rowKey="id" />);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Agency Name' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'WiFi Name' }));
    expect(header('Agency Name')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reset columns' }));
    expect(header('Agency Name')).toBeInTheDocument();
    expect(header('WiFi Name')).toBeNull();
    first.unmount();
    renderWithUi(<DataTable label="Devices" listId="devices" columns={columns} rows={rows} rowKey="id" />);
    expect(header('Agency Name')).toBeInTheDocument();
    expect(header('WiFi Name')).toBeNull();
  });

  it('is reached and left with the keyboard: Escape closes it and gives the focus back to its button', async () => {
    renderWithUi(<DataTable label="Devices" listId="devices" columns={columns} rows={rows} rowKey="id" />);
    const button = screen.getByRole('button', { name: 'Columns' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    const chooser = screen.getByRole('group', { name: 'Show columns' });
    expect(chooser).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Show columns' })).toBeNull();
    expect(button).toHaveFocus();
  });
});

describe('at phone width', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = fakeMatchMedia((query) => query === PHONE_WIDTH_QUERY);
  });
  afterEach(() => {
    window.matchMedia = original;
  });

  it('shows each row as a card in a list: its key fields with their labels, its actions as buttons', () => {
    renderWithUi(<DataTable label="Devices" columns={columns} rows={rows} rowKey="id" />);
    const cards = screen.getByRole('list', { name: 'Devices' });
    const items = within(cards).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const card = items[1] as HTMLElement;
    // the first column titles the card; the next visible columns follow, each with its label
    const terms = within(card).getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Serial Number', 'Firmware Version', 'Agency Name']);
    expect(within(card).getAllByRole('definition').map((value) => value.textContent)).toEqual(['SN-002', '1.3.0', 'Volt']);
    expect(within(card).getByRole('button', { name: 'View SN-002' })).toBeInTheDocument();
    // a column hidden by default is not on the card either
    expect(within(card).queryByText('Shed')).toBeNull();
  });

  it('shows the fields a list marks for the card, and the selection checkbox', async () => {
    const marked: DataColumn<Device>[] = columns.map((column) => (column.key === 'agency_name' ? { ...column, card: true } : column));
    const onToggleRow = jest.fn();
    renderWithUi(
      <DataTable
        label="Devices"
        columns={marked}
        rows={rows}
        rowKey="id"
        selection={{ selectedKeys: [], onToggleRow, onTogglePage: () => {}, rowLabel: (row) => `Select ${row.serial_number}` }}
      />,
    );
    const card = within(screen.getByRole('list', { name: 'Devices' })).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(card).getAllByRole('term').map((term) => term.textContent)).toEqual(['Serial Number', 'Agency Name']);
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Select SN-001' }));
    expect(onToggleRow).toHaveBeenCalledWith(1, rows[0], true);
  });

  it('says No Data Found in place of the cards', () => {
    renderWithUi(<DataTable label="Devices" columns={columns} rows={[]} rowKey="id" />);
    expect(screen.queryByRole('list', { name: 'Devices' })).toBeNull();
    expect(screen.getAllByText('No Data Found').length).toBeGreaterThan(0);
  });

  it('a table that asks for no cards stays a table (the charts\' figures)', () => {
    renderWithUi(<DataTable label="Devices" columns={columns} rows={rows} rowKey="id" cards={false} />);
    expect(screen.queryByRole('list', { name: 'Devices' })).toBeNull();
  });
});

it('renders no cards where the phone width does not apply (the wide table only, as in jsdom by default)', () => {
  renderWithUi(<DataTable label="Devices" columns={columns} rows={rows} rowKey="id" />);
  expect(screen.queryByRole('list')).toBeNull();
  expect(screen.getAllByText('SN-001')).toHaveLength(1);
});
