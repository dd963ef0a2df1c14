import { Box, Card, Heading, Stack, Text } from '@fleet/shared-ui';
import type { ReactNode } from 'react';

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
