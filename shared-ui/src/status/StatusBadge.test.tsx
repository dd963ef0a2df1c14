import { screen } from '@testing-library/react';
import { renderWithUi } from '../test-utils';
import { StatusBadge, StatusLegend, statusTone } from './StatusBadge';

describe('statusTone', () => {
  it.each([
    ['Pending', 'Pending', 'yellow'],
    ['Completed', 'Completed', 'green'],
    ['Incomplete', 'Incomplete', 'blue'],
    ['Deleted', 'Deleted', 'red'],
    ['Active', 'Active', 'green'],
    ['active', 'Active', 'green'],
    ['Replaced', 'Replaced', 'yellow'],
    ['In-active', 'Inactive', 'red'],
    ['Online', 'Online', 'green'],
    ['Offline', 'Offline', 'red'],
    ['Unresolved', 'Unresolved', 'red'],
    ['Resolved', 'Resolved', 'green'],
    ['Normal', 'Normal', 'green'],
    ['Alarm', 'Alarm', 'red'],
    ['Fault', 'Fault', 'red'],
    ['Low battery', 'Low battery', 'yellow'],
  ])('%s is shown as %s in %s', (status, label, palette) => {
    expect(statusTone(status)).toMatchObject({ label, palette });
  });

  it('maps heat-pump operation 0/1/2 to Off red, In Progress yellow, Completed green', () => {
    expect(statusTone(0)).toMatchObject({ label: 'Off', palette: 'red' });
    expect(statusTone('1')).toMatchObject({ label: 'In Progress', palette: 'yellow' });
    expect(statusTone(2)).toMatchObject({ label: 'Completed', palette: 'green' });
  });

  it('reads numbers by kind for faults and Wi-Fi', () => {
    expect(statusTone(0, 'fault')).toMatchObject({ label: 'Unresolved', palette: 'red' });
    expect(statusTone(1, 'fault')).toMatchObject({ label: 'Resolved', palette: 'green' });
    expect(statusTone(1, 'connection')).toMatchObject({ label: 'Online', palette: 'green' });
    expect(statusTone(0, 'connection')).toMatchObject({ label: 'Offline', palette: 'red' });
  });

  it('shows unknown values as they are, in gray, and empty as -', () => {
    expect(statusTone('Suspended')).toMatchObject({ label: 'Suspended', palette: 'gray' });
    expect(statusTone(null).label).toBe('-');
  });
});

describe('StatusBadge', () => {
  it('renders the label in its palette', () => {
    renderWithUi(
      <>
        <StatusBadge status="In-active" />
        <StatusBadge status={1} />
      </>,
    );
    expect(screen.getByText('Inactive')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByText('In Progress')).toHaveAttribute('data-tone', 'yellow');
  });

  it('lists a legend of statuses with their meaning', () => {
    renderWithUi(<StatusLegend entries={[{ status: 'Replaced', description: 'Replaced via replace device' }]} />);
    expect(screen.getByText('Replaced')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('Replaced via replace device')).toBeInTheDocument();
  });
});
