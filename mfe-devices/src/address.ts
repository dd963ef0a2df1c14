/** The parts of a property's address a device or smoke alarm row carries. */
export interface AddressParts {
  unit_number: string | null;
  street_number: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
}

/** A property's address on one line ("5 Low Rd Hobart TAS 7000"), missing parts left out. */
export function addressLine(a: AddressParts): string {
  return [a.unit_number, a.street_number, a.street, a.city, a.state, a.postal_code].filter(Boolean).join(' ');
}
