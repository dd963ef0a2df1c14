// What each shared field rule must take and refuse, written once: the contract's own test checks the
// patterns with them, fleet-api's test sends them through its body schemas and the console's through
// its form rules, so the two sides cannot drift apart without a test saying so.

export interface FieldSamples {
  /** Values the field takes (the server trims text, the forms trim before checking). */
  accepted: readonly string[];
  /** Values the field refuses, whichever of its rules says so. */
  refused: readonly string[];
}

export const EMAIL_SAMPLES: FieldSamples = {
  accepted: ['kim@example.test', 'sam.field+jobs@mail.example.com', '  kim@example.test  ', 'o\'neil@example.co.uk', 'KIM@EXAMPLE.TEST'],
  refused: ['', 'kim', 'kim@', '@example.test', 'kim@example', 'kim@@example.test', 'kim @example.test', 'kim@example..test', 'kim@.example.test', 'kim@example.test.'],
};

export const PHONE_SAMPLES: FieldSamples = {
  accepted: ['0412345678', '+61412345678', '0(2) 9876-543', '+61 298765432', '02 9876 5432'],
  refused: ['', '1234567', '+614123456789012', '04123abc78', 'phone number', '-0412345678', '0412345678-', '(02) 9876-5432', '+', '++61412345678', '0412.345.678'],
};

export const PASSWORD_SAMPLES: FieldSamples = {
  accepted: ['Secret123', 'aB3aB3aB3aB3', 'Long and Strong 2026', 'Ünïcode9A'],
  refused: ['', 'secret123', 'SECRET123', 'SecretABC', 'Sec123', 'Sec1234', 'ÜÑÏ12345a'],
};

/**
 * A valid agency of the add form (spec 3's required fields): fleet-api's agency tests add it through
 * the API, mfe-organisations' form test types it and expects it in what the form sends.
 */
export const AGENCY_SAMPLE = {
  agency_name: 'Bright Homes',
  email: 'office@bright-homes.example.com',
  postcode: '2000',
  contact_first_name: 'Jo',
  contact_last_name: 'Bright',
  contact: '0412345678',
  password: 'Bright-Homes-2026',
};
