import { TextField } from '@fleet/shared-ui';
import * as yup from 'yup';
import { useAuthTranslation } from '../forms/form-helpers';
import { name, passwordChange, phone, postcode } from '../forms/rules';
import { readAgencyProfile, saveAgencyProfile, type AgencyProfileInfo } from '../api/profiles';
import { BLANK_PASSWORDS, PASSWORD_BOXES, ProfileForm, ProfileFrame, ProfilePasswordFields, useProfileForm } from './ProfileFrame';

// Spec 3 field names; spec 5 "Agency profile": agency name, postcode (min 3), contact names, contact 8 to 13.
const schema = yup.object({
  agencyName: name('validation.agencyNameRequired', 'validation.agencyNameLength'),
  postcode: postcode(),
  contactFirstName: name('validation.contactFirstNameRequired', 'validation.firstNameLength'),
  contactLastName: name('validation.contactLastNameRequired', 'validation.lastNameLength'),
  contactNo: phone('validation.contactNoRequired', 'validation.contactNoLength'),
  ...passwordChange(),
});

/** The form's boxes (spec 3 names) and the profile's fields they edit. */
const FIELD_OF = {
  agencyName: 'agency_name',
  postcode: 'postcode',
  contactFirstName: 'contact_first_name',
  contactLastName: 'contact_last_name',
  contactNo: 'contact',
} as const satisfies Record<string, keyof AgencyProfileInfo>;
type Box = keyof typeof FIELD_OF;
type Field = (typeof FIELD_OF)[Box];
const BOXES = Object.keys(FIELD_OF) as Box[];

/** The boxes as read, blank where the profile has none. */
const boxesOf = (info: AgencyProfileInfo) => Object.fromEntries(BOXES.map((box) => [box, info[FIELD_OF[box]] ?? ''])) as Record<Box, string>;
/** The save's fields from the boxes. */
const bodyOf = (boxes: Record<Box, string>) => Object.fromEntries(BOXES.map((box) => [FIELD_OF[box], boxes[box]])) as Record<Field, string>;

export function AgencyProfile() {
  return <ProfileFrame role="Agency" read={readAgencyProfile} title="profile.agencyTitle" form={AgencyProfileForm} />;
}

function AgencyProfileForm({ info }: { info: AgencyProfileInfo }) {
  const { t } = useAuthTranslation();
  const { field, formProps } = useProfileForm('Agency', schema, { ...boxesOf(info), ...BLANK_PASSWORDS }, saveAgencyProfile, {
    toBody: ({ password, current_password, ...boxes }) => ({ ...bodyOf(boxes), password, current_password }),
    clearOnSave: PASSWORD_BOXES,
    signedInDetails: (body) => ({ agency_name: body.agency_name }),
  });

  return (
    <ProfileForm email={info.email} {...formProps}>
      <TextField label={t('profile.agencyName')} required autoComplete="organization" {...field('agencyName')} />
      <TextField label={t('profile.abn')} value={info.abn_no ?? ''} readOnly />
      <TextField label={t('profile.postcode')} required autoComplete="postal-code" {...field('postcode')} />
      <TextField label={t('profile.contactNo')} type="tel" required autoComplete="tel" {...field('contactNo')} />
      <TextField label={t('profile.contactFirstName')} required {...field('contactFirstName')} />
      <TextField label={t('profile.contactLastName')} required {...field('contactLastName')} />
      <ProfilePasswordFields password={field('password')} current={field('current_password')} />
    </ProfileForm>
  );
}
