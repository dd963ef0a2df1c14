/**
 * What every person form (an electrician, an installation agent) refuses alike, in the spec's words:
 * the name, email and phone-length rules (server/schemas NameField, EmailField, PhoneField). `phone`
 * is the form's phone field. Each form's own fields are checked by its own test.
 */
export function personFieldCases(phone: string): Array<[Record<string, unknown>, string]> {
  return [
    [{ first_name: '' }, 'First Name is required'],
    [{ first_name: 'x'.repeat(200) }, 'First Name should be less than 200 character'],
    [{ last_name: '  ' }, 'Last Name is required'],
    [{ last_name: 'y'.repeat(200) }, 'Last Name should be less than 200 character'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'riley@volt' }, 'Email address is invalid'],
    [{ [phone]: '0412' }, 'Phone Number must be 8 to 13 characters.'],
    [{ [phone]: '04125556667777' }, 'Phone Number must be 8 to 13 characters.'],
  ];
}
