// @fleet/shared-api/query: the parts of TanStack Query the console uses, and the only way a screen
// reaches them. A share key of its own instead of `@tanstack/react-query` by name: a shared package is
// provided whole, and the whole of it is 13.8 KB gzipped against 10.8 KB for these names; one share key
// also keeps one QueryClient context in the page (docs/architecture.md, page weight). A name a screen
// needs and this list lacks is added here, never imported from the package directly (eslint says so).
export { QueryClient, QueryClientProvider, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { QueryKey, UseQueryResult } from '@tanstack/react-query';
