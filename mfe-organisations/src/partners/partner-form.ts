// The partner form (ours: the spec shows no partner field): a name, and optionally how to reach it.
import * as yup from 'yup';
import type { PartnerFormBody, PartnerRow } from '../api/partners';
import { name, optionalEmail, optionalPhone, optionalUrl } from '../forms/rules';

export const partnerSchema = yup.object({
  name: name('name'),
  email: optionalEmail(),
  phone: optionalPhone(),
  website: optionalUrl(),
});

export type PartnerValues = yup.InferType<typeof partnerSchema>;

export const partnerValues = (row: PartnerRow | null): PartnerFormBody => ({ name: row?.name ?? '', email: row?.email ?? '', phone: row?.phone ?? '', website: row?.website ?? '' });
