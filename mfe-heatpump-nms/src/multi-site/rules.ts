// Spec 5 and 9 for the multi-site forms: names at most 60 characters; an email is {email}, no spaces.
export const NAME_MAX = 60;
export const VALID_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
