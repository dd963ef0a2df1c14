import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Input } from '@chakra-ui/react';
import { renderWithUi } from '../test-utils';
import { FormField } from './FormField';
import { PasswordInput } from './PasswordInput';
import { TextField } from './TextField';

describe('FormField', () => {
  it('labels its input and shows the error, marking the input invalid', () => {
    renderWithUi(
      <FormField label="Email" required error="Email is required">
        <Input />
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: /Email/ });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(input).toBeRequired();
  });

  it('shows helper text and no error when valid', () => {
    renderWithUi(<TextField label="Name" helperText="As on the licence" />);
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('As on the licence')).toBeInTheDocument();
  });
});

describe('PasswordInput', () => {
  it('hides the password until the toggle is pressed', async () => {
    renderWithUi(
      <FormField label="Password">
        <PasswordInput />
      </FormField>,
    );
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});
