// Every public path of description.ts (spec 2.1): its own screen signed out, links that stay in the
// same portal (login <-> forgot, reset -> that portal's login), and home for a signed-in user.
import { screen } from '@testing-library/react';
import { homePath, type UserType } from '@fleet/shared-api';
import { PUBLIC_PATHS } from './description';
import { FORGOT_PATHS, LOGIN_PATHS, PORTALS, RESET_PATHS, type Portal } from './portals';
import { fakeApi, renderAuth, resetPage, signInAs } from './test-support';

beforeEach(resetPage);

const PORTAL_NAMES: Record<Portal, string> = {
  main: 'Fleet Console',
  electrician: 'Electrician Portal',
  msc: 'Multi-Site Company Portal',
  sm: 'Site Manager Portal',
};

const linkTo = (name: string) => screen.getByRole('link', { name }).getAttribute('href');

describe('the public routes of spec 2.1', () => {
  it('are exactly the portals\' screens plus /, sign-up and the OTP step', () => {
    const portalPaths = PORTALS.flatMap((portal) => [LOGIN_PATHS[portal], FORGOT_PATHS[portal], RESET_PATHS[portal]]);
    expect([...PUBLIC_PATHS].sort()).toEqual(['/', '/signup', '/verify-otp', ...portalPaths].sort());
  });

  describe.each(PORTALS)('the %s portal', (portal) => {
    it(`${LOGIN_PATHS[portal]} signs in to its portal and links to its own forgot-password screen`, async () => {
      fakeApi({});
      const view = await renderAuth(LOGIN_PATHS[portal]);
      expect(view.location().pathname).toBe(LOGIN_PATHS[portal]);
      expect(screen.getByRole('heading', { name: `Sign in to the ${PORTAL_NAMES[portal]}` })).toBeInTheDocument();
      expect(linkTo('Forgot password?')).toBe(FORGOT_PATHS[portal]);
    });

    it(`${FORGOT_PATHS[portal]} asks for the email and leads back to its own sign-in`, async () => {
      fakeApi({});
      const view = await renderAuth(FORGOT_PATHS[portal]);
      expect(view.location().pathname).toBe(FORGOT_PATHS[portal]);
      expect(screen.getByRole('heading', { name: new RegExp(`${PORTAL_NAMES[portal]}$`) })).toHaveTextContent('Forgot Password');
      expect(linkTo('Back to login')).toBe(LOGIN_PATHS[portal]);
    });

    it(`${RESET_PATHS[portal]}?token=..&email=.. opens the reset form, leading back to its own sign-in`, async () => {
      fakeApi({});
      const view = await renderAuth(`${RESET_PATHS[portal]}?token=tok-1&email=sam%40fleet.test`);
      expect(view.location().pathname).toBe(RESET_PATHS[portal]);
      expect(screen.getByRole('heading', { name: new RegExp(`${PORTAL_NAMES[portal]}$`) })).toHaveTextContent('Reset Password');
      expect(screen.getByLabelText(/^New Password/)).toBeInTheDocument();
      expect(linkTo('Back to login')).toBe(LOGIN_PATHS[portal]);
    });
  });

  it.each(PUBLIC_PATHS.flatMap((path) => (['Admin', 'sm'] as UserType[]).map((role) => [path, role] as const)))(
    '%s sends a signed-in %s home',
    async (path, role) => {
      fakeApi({});
      signInAs(role);
      const view = await renderAuth(path);
      expect(view.location().pathname).toBe(homePath(role, null));
    },
  );
});
