import { errorMessage, Navigate, requestLogin, useSession, verifyLoginOtp, type UserType } from '@fleet/shared-api';
import { Alert, Box, Button, Heading, Stack, Text, TextField, useUiTranslation } from '@fleet/shared-ui';
import { useState, type FormEvent } from 'react';

export interface StandaloneHomeProps {
  /** The roles this remote has screens for. */
  roles: readonly UserType[];
  /** Where a signed-in user of those roles goes. */
  home: (role: UserType) => string;
}

/**
 * Alone, every path the remote does not own: a user of its roles goes to its first screen; anyone
 * else signs in here with the real calls (password, then the e-mailed OTP; docs/auth-calls.md).
 */
export function StandaloneHome({ roles, home }: StandaloneHomeProps) {
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  if (info && roles.includes(info.user_type)) return <Navigate to={home(info.user_type)} replace />;
  return <StandaloneSignIn signedInAs={info?.user_type ?? null} />;
}

function StandaloneSignIn({ signedInAs }: { signedInAs: string | null }) {
  const { t } = useUiTranslation();
  const signIn = useSession((state) => state.signIn);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [step, setStep] = useState<'password' | 'otp'>('password');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step === 'password') {
        await requestLogin({ email: email.trim(), password });
        setStep('otp');
      } else {
        signIn((await verifyLoginOtp({ email: email.trim(), otp: otp.trim() })).session);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box maxW="sm" mx="auto" mt="12" p="6" borderWidth="1px" rounded="md">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <Heading as="h1" size="md">
            {t('standalone.signIn')}
          </Heading>
          {signedInAs && <Text color="fg.muted">{t('standalone.wrongRole')}</Text>}
          {step === 'password' ? (
            <>
              <TextField label={t('standalone.email')} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
              <TextField
                label={t('standalone.password')}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </>
          ) : (
            <>
              <Text fontSize="sm">{t('standalone.otpSent', { email })}</Text>
              <TextField label={t('standalone.otp')} inputMode="numeric" autoComplete="one-time-code" value={otp} onChange={(e) => setOtp(e.currentTarget.value)} />
            </>
          )}
          {error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" loading={busy}>
            {step === 'password' ? t('standalone.signIn') : t('standalone.verify')}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}
