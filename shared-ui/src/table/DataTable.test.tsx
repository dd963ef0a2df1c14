import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../test-utils';
import { DataTable, type DataColumn, type RowKey, type SortOrder } from './DataTable';

interface Device {
  id: number;
  serial_number: string;
  version: string;
}

const rows: Device[] = [
  { id: 1, serial_number: 'SN-001', version: '1.2.0' },
  { id: 2, serial_number: 'SN-002', version: '1.3.0' },
];

const columns: DataColumn<Device>[] = [
  { key: 'serial_number', header: 'Serial Number' },
  { key: 'version', header: 'Firmware Version' },
  { key: 'action', header: 'Action', sortable: false, render: (row) => <button>View {row.serial_number}</button> },
];

function SortedTable({ onSort }: { onSort: (key: string, order: SortOrder) => void }) {
  const [sort, setSort] = useState<{ sortBy: string; orderBy: SortOrder }>({ sortBy: 'created_at', orderBy: 'desc' });
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey="id"
      sortBy={sort.sortBy}
      orderBy={sort.orderBy}
      onSort={(key, order) => {
        onSort(key, order);
        setSort({ sortBy: key, orderBy: order });
      }}
    />
  );
}

describe('DataTable', () => {
  it('renders rows through render() or the field named by the key', () => {
    renderWithUi(<DataTable columns={columns} rows={rows} rowKey="id" />);
    expect(screen.getByRole('cell', { name: 'SN-002' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View SN-001' })).toBeInTheDocument();
  });

  it('toggles asc/desc on each header click and sets aria-sort; the action column is not sortable', async () => {
    const onSort = jest.fn();
    renderWithUi(<SortedTable onSort={onSort} />);
    const serial = screen.getByRole('button', { name: 'Serial Number' });
    await userEvent.click(serial);
    expect(onSort).toHaveBeenLastCalledWith('serial_number', 'asc');
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(serial);
    expect(onSort).toHaveBeenLastCalledWith('serial_number', 'desc');
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: 'Firmware Version' }));
    expect(onSort).toHaveBeenLastCalledWith('version', 'asc');
    expect(screen.getByRole('columnheader', { name: 'Serial Number' })).not.toHaveAttribute('aria-sort');

    const action = screen.getByRole('columnheader', { name: 'Action' });
    expect(within(action).queryByRole('button')).toBeNull();
    await userEvent.click(action);
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('shows No Data Found (or the given text) when there are no rows', () => {
    const { rerender } = renderWithUi(<DataTable columns={columns} rows={[]} rowKey="id" />);
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={[]} rowKey="id" emptyText="No devices in this group" />);
    expect(screen.getByText('No devices in this group')).toBeInTheDocument();
  });

  it('lays a busy spinner over the table while loading', () => {
    const { rerender } = renderWithUi(<DataTable columns={columns} rows={rows} rowKey="id" loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('table').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'SN-001' })).toBeInTheDocument();
    rerender(<DataTable columns={columns} rows={rows} rowKey="id" loading={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('reports row and page selection to the caller', async () => {
    const onToggleRow = jest.fn();
    const onTogglePage = jest.fn();
    const selection = (selectedKeys: RowKey[], allSelected = false) => ({
      selectedKeys,
      allSelected,
      onToggleRow,
      onTogglePage,
      rowLabel: (row: Device) => `Select ${row.serial_number}`,
    });
    const { rerender } = renderWithUi(<DataTable columns={columns} rows={rows} rowKey="id" selection={selection([])} />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select SN-002' }));
    expect(onToggleRow).toHaveBeenCalledWith(2, rows[1], true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onTogglePage).toHaveBeenCalledWith(true, [1, 2]);

    rerender(<DataTable columns={columns} rows={rows} rowKey="id" selection={selection([1, 2])} />);
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select SN-001' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(onTogglePage).toHaveBeenLastCalledWith(false, [1, 2]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select SN-001' }));
    expect(onToggleRow).toHaveBeenLastCalledWith(1, rows[0], false);

    rerender(<DataTable columns={columns} rows={rows} rowKey="id" selection={selection([], true)} />);
    expect(screen.getByRole('checkbox', { name: 'Select SN-002' })).toBeChecked();
  });
});

describe('expandable rows', () => {
  it('shows what an open row holds under it, across every column, and nothing under a closed one', () => {
    renderWithUi(
      <DataTable
        label="Faults"
        columns={columns}
        rows={rows}
        rowKey="id"
        expandedContent={(row) => (row.id === 2 ? <p>Related faults of {row.serial_number}</p> : null)}
      />,
    );
    const table = screen.getByRole('table', { name: 'Faults' });
    // header, two rows and the open row's content
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    const content = screen.getByText('Related faults of SN-002');
    expect(content.closest('td')).toHaveAttribute('colspan', String(columns.length));
    expect(screen.queryByText('Related faults of SN-001')).toBeNull();
  });
});

describe('a table wider than its area', () => {
  // A browser's ResizeObserver reports each element once when it starts observing it (the table
  // measures only then, never by forcing a layout); jsdom's stand-in never reports, this one does.
  class ReportingObserver {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      this.report([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  }
  const sizes = (scrollWidth: number, clientWidth: number) => {
    const realObserver = window.ResizeObserver;
    window.ResizeObserver = ReportingObserver as unknown as typeof ResizeObserver;
    const restore = [
      jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth),
      jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth),
    ];
    return () => {
      restore.forEach((r) => r.mockRestore());
      window.ResizeObserver = realObserver;
    };
  };
  const plain: DataColumn<Device>[] = columns.filter((c) => c.key !== 'action');

  it('scrolls in a region a keyboard can reach and scroll (WCAG 2.1.1; axe scrollable-region-focusable)', () => {
    const restore = sizes(1600, 600);
    try {
      renderWithUi(<DataTable columns={plain} rows={rows} rowKey="id" label="Top sites" />);
      // named apart from the table (and from a card or section titled like it: one landmark name each)
      const region = screen.getByRole('region', { name: 'Scrollable table: Top sites' });
      expect(region).toHaveAttribute('tabindex', '0');
      expect(within(region).getByRole('table', { name: 'Top sites' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('adds no stop to the tab order when it fits', () => {
    const restore = sizes(600, 600);
    try {
      renderWithUi(<DataTable columns={plain} rows={rows} rowKey="id" label="Top sites" />);
      expect(screen.queryByRole('region')).toBeNull();
      expect(screen.getByRole('table').parentElement).not.toHaveAttribute('tabindex');
    } finally {
      restore();
    }
  });
});
