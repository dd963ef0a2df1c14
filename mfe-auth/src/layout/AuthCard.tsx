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
    <Box as="main" minH="100%" display="flex" alignItems="flex-start" justifyContent="center" px="4" py={{ base: 8, md: 16 }}>
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
