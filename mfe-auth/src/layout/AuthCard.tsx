import { Link as RouterLink } from '@fleet/shared-api';
import { Box, Button, Card, Heading, Link, Stack, Text } from '@fleet/shared-ui';
import type { FormEventHandler, ReactNode, Ref } from 'react';

export interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The frame of every public screen: a centred card with the screen's title as the page heading. */
export function AuthCard({ title, intro, children }: AuthCardProps) {
  return (
    <Box display="flex" alignItems="flex-start" justifyContent="center" py={{ base: 4, md: 12 }}>
      <Card.Root width="100%" maxW="md">
        <Card.Header>
          <Stack gap="2">
            <Heading as="h1" size="xl">
              {title}
            </Heading>
            {intro != null && <Text color="fg.muted">{intro}</Text>}
          </Stack>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
      </Card.Root>
    </Box>
  );
}

export interface AuthFormProps {
  formRef: Ref<HTMLFormElement>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text. */
  submit: string;
  busy: boolean;
  /** The link under the button (back to the sign-in page). */
  link?: { to: string; text: string };
  /** The fields, in screen order. */
  children: ReactNode;
}

/** The form of a public screen: its fields, the submit button and a link under it. */
export function AuthForm({ formRef, onSubmit, submit, busy, link, children }: AuthFormProps) {
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        {children}
        <Button type="submit" colorPalette="teal" loading={busy}>
          {submit}
        </Button>
        {link && (
          <Link asChild colorPalette="teal" fontSize="sm">
            <RouterLink to={link.to}>{link.text}</RouterLink>
          </Link>
        )}
      </Stack>
    </form>
  );
}
