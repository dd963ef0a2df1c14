import { HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Label and value pairs of one record as a description list: side by side, one column on a phone. */
export function FactList({ facts }: { facts: Array<[string, ReactNode]> }) {
  return (
    <SimpleGrid as="dl" columns={{ base: 1, md: 2 }} columnGap="8" rowGap="2">
      {facts.map(([label, value]) => (
        <HStack key={label} align="start" gap="3">
          <Text as="dt" minW="40" color="fg.muted" fontSize="sm">
            {label}
          </Text>
          <Text as="dd" fontSize="sm">
            {value}
          </Text>
        </HStack>
      ))}
    </SimpleGrid>
  );
}
