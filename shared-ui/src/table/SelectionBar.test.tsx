import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { SelectionBar } from './SelectionBar';

describe('SelectionBar', () => {
  it('is hidden with nothing selected', () => {
    renderWithUi(<SelectionBar mode="none" selectedCount={0} total={80} wholePage={false} onSelectAll={() => {}} onClear={() => {}} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers Select All {total} Devices and Clear Selection once the page is selected', async () => {
    const onSelectAll = jest.fn();
    const onClear = jest.fn();
    renderWithUi(<SelectionBar mode="page" selectedCount={25} total={80} wholePage onSelectAll={onSelectAll} onClear={onClear} />);
    expect(screen.getByRole('status')).toHaveTextContent('All 25 devices on this page are selected.');
    await userEvent.click(screen.getByRole('button', { name: 'Select All 80 Devices' }));
    expect(onSelectAll).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(onClear).toHaveBeenCalled();
  });

  it('counts rows ticked across pages', () => {
    renderWithUi(<SelectionBar mode="page" selectedCount={3} total={80} wholePage={false} onSelectAll={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('3 selected');
  });

  it('says everything is selected in all mode', () => {
    renderWithUi(<SelectionBar mode="all" selectedCount={0} total={80} wholePage={false} onSelectAll={() => {}} onClear={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('All 80 devices are selected.');
    expect(screen.queryByRole('button', { name: /Select All/ })).toBeNull();
  });
});
