import { apiPost, errorMessage, useSession, type LoginUserInfo, Navigate } from '@fleet/shared-api';
import { Alert, Box, Button, Heading, Stack, Text, TextField } from '@fleet/shared-ui';
import { useState, type FormEvent } from 'react';
import { FIRMWARE_PATHS } from '../description';
import { useFirmwareTranslation } from '../common/translation';

/**
 * Alone, every path this remote does not own: an Admin goes to the Firmwares screen; anyone else
 * signs in here with the real calls (password, then the e-mailed OTP; docs/auth-calls.md).
 */
export function StandaloneHome() {
  const info = useSession((state) => (state.accessToken ? state.loginUserInfo : null));
  if (info?.user_type === 'Admin') return <Navigate to={FIRMWARE_PATHS.firmwares} replace />;
  return <StandaloneSignIn signedInAs={info?.user_type ?? null} />;
}

function StandaloneSignIn({ signedInAs }: { signedInAs: string | null }) {
  const { t } = useFirmwareTranslation();
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
        await apiPost('/api/authenticate/login', { email: email.trim(), password });
        setStep('otp');
      } else {
        const answer = await apiPost<LoginUserInfo>('/api/authenticate/login-otp', { email: email.trim(), otp: otp.trim() });
        if (typeof answer.token !== 'string' || typeof answer.refresh_token !== 'string' || !answer.info?.user_type) {
          throw new Error('The sign-in answer carried no session');
        }
        signIn({ token: answer.token, refresh_token: answer.refresh_token, info: answer.info });
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box as="main" maxW="sm" mx="auto" mt="12" p="6" borderWidth="1px" rounded="md">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="4">
          <Heading as="h1" size="md">
            {t('standalone.signIn')}
          </Heading>
          {signedInAs && <Text color="fg.muted">{t('standalone.adminOnly')}</Text>}
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
