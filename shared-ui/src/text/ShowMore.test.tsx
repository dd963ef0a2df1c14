import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../test-utils';
import { ReadMore, ShowMore } from './ShowMore';

describe('ShowMore', () => {
  it('keeps text of 5 characters whole', () => {
    renderWithUi(<ShowMore text="Hello" />);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts longer text at 5 characters and toggles Show More / Show Less', async () => {
    renderWithUi(<ShowMore text="Kitchen heat pump" />);
    expect(screen.getByText(/^Kitch\.\.\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show More' }));
    expect(screen.getByText(/Kitchen heat pump/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show Less' }));
    expect(screen.queryByText(/Kitchen heat pump/)).toBeNull();
  });
});

describe('ReadMore', () => {
  const message = 'A forced update is ready: restart the device to install version 1.4.2 now.';

  it('keeps messages of 40 characters whole', () => {
    renderWithUi(<ReadMore text={'x'.repeat(40)} title="Auto Update Message (1.4.2)" />);
    expect(screen.queryByRole('button', { name: 'Read More' })).toBeNull();
  });

  it('cuts at 40 characters and opens the whole message in a dialog titled as given', async () => {
    renderWithUi(<ReadMore text={message} title="Auto Update Message (1.4.2)" />);
    expect(screen.getByText(`${message.slice(0, 40)}...`, { exact: false })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Read More' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto Update Message (1.4.2)' });
    expect(dialog).toHaveTextContent(message);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
