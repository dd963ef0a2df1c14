import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { PageHeader } from '../layout/PageHeader';
import { ErrorPanel } from './ErrorPanel';
import { LoadingArea } from './LoadingOverlay';
import { FleetToaster, showToast, toaster } from './toaster';

describe('ErrorPanel and LoadingArea', () => {
  it('announces the failure and retries', async () => {
    const onRetry = jest.fn();
    renderWithUi(<ErrorPanel title="Devices could not be loaded" message="Network error" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Devices could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Network error');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('shows a labelled spinner while an area loads', () => {
    renderWithUi(<LoadingArea label="Loading devices" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading devices');
  });
});

describe('PageHeader', () => {
  it('has one h1, a back button and actions', async () => {
    const onBack = jest.fn();
    renderWithUi(<PageHeader title="Group Details (North)" onBack={onBack} actions={<button>Add Devices</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Group Details (North)' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add Devices' })).toBeInTheDocument();
  });
});

describe('toasts', () => {
  afterEach(() => act(() => toaster.remove()));

  it('shows success and error notifications, closed by their close button, not by a click elsewhere', async () => {
    renderWithUi(
      <>
        <p>elsewhere</p>
        <FleetToaster />
      </>,
    );
    act(() => {
      showToast('Rule added successfully');
      showToast('Something went wrong', 'error');
    });
    expect(await screen.findByText('Rule added successfully')).toBeInTheDocument();
    expect(screen.getByText('Something went wrong').closest('[data-type]')).toHaveAttribute('data-type', 'error');
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.getByText('Rule added successfully')).toBeInTheDocument();
    const [close] = screen.getAllByRole('button', { name: 'Close notification' });
    await userEvent.click(close!);
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Close notification' })).toHaveLength(1));
  });

  it('uses the spec defaults: bottom right, 4000 ms', () => {
    expect(toaster.attrs.placement).toBe('bottom-end');
    expect(toaster.attrs.duration).toBe(4000);
  });
});
