// light-my-request (app.inject) requires `cookie` 2, which is ESM-only; jest's CommonJS runtime cannot
// load it until the jest config transforms it. inject only uses it for `options.cookies`, which these
// tests never pass, so a plain stand-in of the one function is enough (every suite, one place).
jest.mock('cookie', () => ({
  stringifySetCookie: (c: { name: string; value: string }) => `${c.name}=${encodeURIComponent(c.value)}`,
}));
