import { ApiError, errorMessage } from '@fleet/shared-api';
import { Box, ErrorPanel, PageHeader } from '@fleet/shared-ui';

export interface DetailFailedProps {
  /** The page's heading. */
  title: string;
  /** What a 404 says (the record is gone: nothing to retry). */
  notFound: string;
  error: unknown;
  back: () => void;
  retry: () => void;
}

/** A detail page whose record could not be read: its heading with Back, and why, with a Retry unless the record is gone. */
export function DetailFailed({ title, notFound, error, back, retry }: DetailFailedProps) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Box p="4">
      <PageHeader title={title} onBack={back} />
      <ErrorPanel message={gone ? notFound : errorMessage(error)} onRetry={gone ? undefined : retry} />
    </Box>
  );
}
