import { screen } from '@testing-library/react';
import { MemoryRouter } from '@fleet/shared-api';
import { renderWithUi } from '../test-utils';
import { PropertyAddressCell } from './PropertyAddress';

const row = { property_id: 41, unit_number: null, street_number: '12', street: 'Wattle', city: 'Parramatta', state: 'NSW', postal_code: '2150' };

describe('PropertyAddressCell', () => {
  it('links the address to the property view, named by the address it shows (WCAG 2.5.3, label in name)', () => {
    renderWithUi(
      <MemoryRouter>
        <PropertyAddressCell row={row} propertyPath={(id) => `/admin/customer/property/view/${id}`} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link');
    expect(link).toHaveTextContent('12 Wattle Parramatta NSW 2150');
    // a speech user says what they see: the accessible name holds the visible text
    expect(link).toHaveAccessibleName(expect.stringContaining('12 Wattle Parramatta NSW 2150'));
    expect(link).toHaveAttribute('href', '/admin/customer/property/view/41');
  });

  it('says No Property Exist without a postal code, and shows plain text without a property view', () => {
    const { rerender } = renderWithUi(<PropertyAddressCell row={{ ...row, postal_code: null }} />);
    expect(screen.getByText('No Property Exist')).toBeInTheDocument();
    rerender(<PropertyAddressCell row={row} />);
    expect(screen.getByText('12 Wattle Parramatta NSW 2150')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
