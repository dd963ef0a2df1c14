/**
 * Passkeys on the profile (register, list, remove: the same calls for every role) and sign-in with a
 * passkey, which replaces both the password and the code (issue 24, docs/second-factor.md). Adding and
 * removing one is an audit entry about the user and a mail to them; a sign-in is a `sign_in` entry and
 * answers exactly what login-otp answers; every refused sign-in is one answer, an auth failure of the
 * address and a security event.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PASSKEY_NAME_MAX_LENGTH } from '@fleet/contract';
import { callerOf } from '../../policy/access';
import { duringSecondFactorSetup, USER_TYPES } from '../../policy/roles';
import { withAudit, type AuditDeclaration } from '../../policy/audit';
import { passkeyAddedMail, passkeyRemovedMail, queueMail } from '../../mail/outbox';
import { badRequest, notFound, unauthorized, uniqueMessage } from '../../server/errors';
import type { ModuleOptions } from '../../server/context';
import { Envelope, Nullable, publicRoute, RequiredText, routeSchema, Strict } from '../../server/schemas';
import { say } from '../../server/messages';
import { guardSignIn, recordFailure } from '../auth/limits';
import { clientOf, findUserByEmail, loginUserInfo, mayUseAccount, startSession, TokenReply } from '../auth/sessions';
import { listPasskeys, passkeyName, passkeyOfCredential, registerPasskey, registrationOptions, removePasskey, signInOptions, verifySignIn } from './passkeys';
import { endSecondFactorSetup, keepRequiredSecondFactor } from './requirement';

// a second registration of one credential (two verifies racing past the exclusion) is a 409 with this
uniqueMessage('user_passkeys_credential_id_key', say('passkeys.alreadyAdded'));

const NOT_VERIFIED = say('passkeys.notVerified');
const NAME_LENGTH = say('passkeys.nameLength');

// WebAuthn's JSON (contract/src/passkeys.ts). Binary fields are base64url; lengths are generous bounds.
const B64 = (maxLength: number) => Type.String({ pattern: '^[A-Za-z0-9_-]*={0,2}$', maxLength });
const Attachment = Type.Union([Type.Literal('cross-platform'), Type.Literal('platform')]);
const PublicKey = Type.Literal('public-key');
/** What the browser's extensions answered: read by no rule here, so any object. */
const ExtensionResults = Type.Object({}, { additionalProperties: true });
const Transports = Type.Union(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'].map((t) => Type.Literal(t)));
const UserVerification = Type.Union([Type.Literal('discouraged'), Type.Literal('preferred'), Type.Literal('required')]);
const Descriptor = Type.Object({ id: Type.String(), type: PublicKey, transports: Type.Optional(Type.Array(Transports)) });

const RegistrationResponse = Strict({
  id: B64(1400),
  rawId: B64(1400),
  response: Strict({
    clientDataJSON: B64(4000),
    attestationObject: B64(40_000),
    authenticatorData: Type.Optional(B64(40_000)),
    transports: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: 10 })),
    publicKeyAlgorithm: Type.Optional(Type.Integer()),
    publicKey: Type.Optional(B64(4000)),
  }),
  authenticatorAttachment: Type.Optional(Attachment),
  clientExtensionResults: ExtensionResults,
  type: PublicKey,
});

const AuthenticationResponse = Strict({
  id: B64(1400),
  rawId: B64(1400),
  response: Strict({
    clientDataJSON: B64(4000),
    authenticatorData: B64(4000),
    signature: B64(2000),
    userHandle: Type.Optional(B64(200)),
  }),
  authenticatorAttachment: Type.Optional(Attachment),
  clientExtensionResults: ExtensionResults,
  type: PublicKey,
});

const CreationOptionsSchema = Type.Object({
  rp: Type.Object({ name: Type.String(), id: Type.Optional(Type.String()) }),
  user: Type.Object({ id: Type.String(), name: Type.String(), displayName: Type.String() }),
  challenge: Type.String(),
  pubKeyCredParams: Type.Array(Type.Object({ alg: Type.Integer(), type: PublicKey })),
  timeout: Type.Optional(Type.Integer()),
  excludeCredentials: Type.Optional(Type.Array(Descriptor)),
  authenticatorSelection: Type.Optional(
    Type.Object({
      authenticatorAttachment: Type.Optional(Attachment),
      requireResidentKey: Type.Optional(Type.Boolean()),
      residentKey: Type.Optional(UserVerification),
      userVerification: Type.Optional(UserVerification),
    }),
  ),
  hints: Type.Optional(Type.Array(Type.Union([Type.Literal('hybrid'), Type.Literal('security-key'), Type.Literal('client-device')]))),
  attestation: Type.Optional(Type.Union([Type.Literal('direct'), Type.Literal('enterprise'), Type.Literal('indirect'), Type.Literal('none')])),
  extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
});

const RequestOptionsSchema = Type.Object({
  challenge: Type.String(),
  timeout: Type.Optional(Type.Integer()),
  rpId: Type.Optional(Type.String()),
  allowCredentials: Type.Optional(Type.Array(Descriptor)),
  userVerification: Type.Optional(UserVerification),
});

const PasskeyRowSchema = Type.Object({ id: Type.String(), name: Type.String(), created_at: Type.String(), last_used_at: Nullable(Type.String()) });

const UuidField = Type.String({ format: 'uuid', errorMessage: say('passkeys.notFound'), requiredMessage: say('passkeys.notFound') });

const schema = routeSchema('Passkeys');
const signIn = publicRoute('Sign-in');
const EVERY_ROLE = { roles: USER_TYPES };
/** A session waiting for the second factor its organisation requires may set up a passkey (policy/access.ts). */
const DURING_SETUP = duringSecondFactorSetup(USER_TYPES);
/** The object is the user; the row written is user_passkeys (public keys are not secrets). */
const AUDIT: AuditDeclaration = { action: 'second_factor_change', entity: 'user', table: 'user_passkeys', id: (request) => request.caller?.userId ?? null };

export const passkeyRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/profile/passkeys',
    { config: { access: DURING_SETUP }, schema: schema("The caller's passkeys, newest first", Type.Array(PasskeyRowSchema)) },
    async (request) => ({ status: true, message: say('passkeys.list'), info: await listPasskeys(db, callerOf(request).userId) }),
  );

  app.post(
    '/api/profile/passkeys/register/options',
    {
      config: { access: DURING_SETUP, audit: { mode: 'none', reason: 'answers a challenge; the passkey is recorded when it is added' } },
      schema: schema("WebAuthn's creation options for a new passkey of the caller (discoverable, user verification required, the caller's passkeys excluded)", CreationOptionsSchema),
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('passkeys.createOnDevice'), info: await registrationOptions(db, ctx, { id: caller.userId, email: caller.email }) };
    },
  );

  app.post(
    '/api/profile/passkeys/register/verify',
    {
      config: { access: DURING_SETUP, audit: AUDIT },
      schema: {
        ...schema('Add the passkey the browser made for the last options, under a name (1 to 60 characters)', PasskeyRowSchema, 400, 409),
        body: Strict({ name: RequiredText(200, NAME_LENGTH, NAME_LENGTH), response: RegistrationResponse }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const name = request.body.name.trim();
      if (name.length === 0 || name.length > PASSKEY_NAME_MAX_LENGTH) throw badRequest(NAME_LENGTH);
      // a refusal rolls the call back, its challenge included (it expires with its options)
      const row = await registerPasskey(db, ctx, caller.userId, name, request.body.response);
      if (!row) throw badRequest(say('passkeys.notRegistered'));
      // the sessions that were waiting for a second factor work fully from this commit on
      await endSecondFactorSetup(db, caller.userId);
      await queueMail(db, passkeyAddedMail(caller.email, row.name));
      return { status: true, message: say('passkeys.added'), info: row };
    },
  );

  app.delete(
    '/api/profile/passkeys',
    {
      config: { access: EVERY_ROLE, audit: AUDIT },
      schema: { ...schema("Remove one of the caller's passkeys; 409 when the organisation requires a second factor and it is the last one", null, 400, 404, 409), body: Strict({ id: UuidField }) },
    },
    async (request) => {
      const caller = callerOf(request);
      // another user's passkey and an unknown id are alike, and are told before the requirement is
      if ((await passkeyName(db, caller.userId, request.body.id)) === null) throw notFound(say('passkeys.notFound'));
      await keepRequiredSecondFactor(db, ctx.config, caller.userId, 'passkey');
      const name = await removePasskey(db, caller.userId, request.body.id);
      if (name === null) throw notFound(say('passkeys.notFound'));
      await queueMail(db, passkeyRemovedMail(caller.email, name));
      return { status: true, message: say('passkeys.removed') };
    },
  );

  app.post(
    '/api/authenticate/passkey/options',
    withAudit(signIn("WebAuthn's request options for signing in with a passkey (a fresh challenge; the browser offers its passkeys for this site)", { body: Strict({}) }, Envelope(RequestOptionsSchema), 400, 429), {
      mode: 'none', reason: 'answers a challenge; the sign-in is recorded when the passkey is verified', refusals: { 429: 'sign_in_held_back' },
    }),
    async (request, reply) => {
      // no account is named yet: the address's failures decide
      await guardSignIn(ctx, null, request.ip);
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('passkeys.chooseOnDevice'), info: await signInOptions(db, ctx) };
    },
  );

  app.post(
    '/api/authenticate/passkey/verify',
    withAudit(signIn('Exchange a passkey\'s signature for an access and a refresh token (as login-otp answers)', { body: Strict({ response: AuthenticationResponse }) }, TokenReply, 400, 401, 429), {
      // after: a refusal's failure count must stay; the user is the one the answer names
      mode: 'after', action: 'sign_in', entity: 'session', actor: (_request, answer) => (answer as { info: { userInfo: { id: number } } }).info.userInfo.id,
      refusals: { 401: 'code_refused', 429: 'sign_in_held_back' },
    }),
    async (request, reply) => {
      const { response } = request.body;
      const passkey = response.id === response.rawId ? await passkeyOfCredential(db, response.id) : null;
      // failures count against the passkey's account when it is known, and always against the address
      const account = passkey?.email ?? `passkey:${response.id.slice(0, 100)}`;
      await guardSignIn(ctx, account, request.ip);
      const user = passkey && (await verifySignIn(db, ctx, passkey, response)) ? await findUserByEmail(db, passkey.email) : null;
      if (!user || !mayUseAccount(user) || !user.email_verified_at) {
        await recordFailure(ctx, account, request.ip, 'passkey');
        throw unauthorized(NOT_VERIFIED);
      }
      const pair = await db.transaction((tx) => startSession(tx, ctx, user, clientOf(request)));
      reply.header('cache-control', 'no-store');
      return { status: true, message: say('auth.signedIn'), ...pair, info: loginUserInfo(user) };
    },
  );
};
