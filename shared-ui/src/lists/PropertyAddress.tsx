import { Link as RouterLink } from '@fleet/shared-api';
import { Link, Text, useUiTranslation } from '@fleet/shared-ui';
import type { AddressParts } from '@fleet/contract';

/** The parts of a property's address a device, smoke alarm or heat-pump row carries (fleet-api's answers). */
export type { AddressParts };

/** A property's address on one line ("5 Low Rd Hobart TAS 7000"), missing parts left out. */
export function addressLine(a: AddressParts): string {
  return [a.unit_number, a.street_number, a.street, a.city, a.state, a.postal_code].filter(Boolean).join(' ');
}

export interface PropertyAddressCellProps {
  row: AddressParts & { property_id: number | null };
  /** The property view to open (Admin's `/admin/customer/property/view/{id}`), or none: plain text. */
  propertyPath?: (propertyId: number) => string;
}

/**
 * A list's Address cell (spec): No Property Exist without a postal code, else the address, a link to the
 * property view. The link is named by the address it shows (WCAG 2.5.3: a label of its own, "Open the
 * property of …", hid the visible text from speech control).
 */
export function PropertyAddressCell({ row, propertyPath }: PropertyAddressCellProps) {
  const { t } = useUiTranslation();
  if (!row.postal_code || row.property_id === null) {
    return (
      <Text as="span" color="fg.muted">
        {t('address.noProperty')}
      </Text>
    );
  }
  if (!propertyPath) return <>{addressLine(row)}</>;
  return (
    <Link asChild colorPalette="teal">
      <RouterLink to={propertyPath(row.property_id)}>{addressLine(row)}</RouterLink>
    </Link>
  );
}
