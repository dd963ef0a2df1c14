import { ApiError, errorMessage, Link as RouterLink, useBackState, useBackTo, useNavigate } from '@fleet/shared-api';
import { Box, Button, ErrorPanel, HStack, LoadingArea, PageHeader, Text, useUiTranslation } from '@fleet/shared-ui';
import { DeleteConfirmDialog } from '@fleet/shared-ui/tables';
import { useState, type FormEvent, type ReactNode } from 'react';

/** What the page is showing: the record's query, in the words of TanStack Query. */
export interface RecordLoad {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface RecordDelete {
  /** The dialog's title (Delete Agency) and question (Are you sure you want to delete …?). */
  title: string;
  text: string;
  run: () => Promise<unknown>;
  /** Where the page goes once the record is gone (its list). */
  afterTo: string;
}

interface RecordForm {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** The server's refusal, said above the footer; what was typed stays. */
  error: string | null;
  submitLabel?: string;
}

export interface RecordPageProps {
  title: ReactNode;
  /** The list the back button returns to when the page was not opened from one (useBackTo). */
  backTo: string;
  /** Loading, not found (404) and failure states of the record being shown or edited; none on an add page. */
  load?: RecordLoad;
  /** Said when the record is not in the caller's slice (404) or the id is not one. */
  notFoundText?: string;
  /** Detail mode: Edit opens this route. */
  editTo?: string;
  /** Detail mode: an optional Delete with its Yes/No dialog. */
  remove?: RecordDelete;
  /** Add and edit mode: the page is a form with Save and Cancel at its footer (Cancel = back). */
  form?: RecordForm;
  /** Extra buttons in the title row (e.g. Export). */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * The generic add/detail page of the management screens (spec: "a back button, an Edit button (to an
 * edit route), an optional Delete button, and Save/Cancel at the footer"): agencies, installation
 * agents, electricians, field workers and tariffs are each this page around their own fields.
 */
export function RecordPage({ title, backTo, load, notFoundText, editTo, remove, form, actions, children }: RecordPageProps) {
  const { t } = useUiTranslation();
  const back = useBackTo(backTo);
  // the edit page's Cancel and Back go back to this entry rather than adding one
  const backState = useBackState();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);

  if (load?.isPending) return <LoadingArea />;
  if (load?.isError) {
    const gone = load.error instanceof ApiError && load.error.status === 404;
    return (
      <Box p="4">
        <PageHeader title={title} onBack={back} />
        <ErrorPanel message={gone && notFoundText ? notFoundText : errorMessage(load.error)} onRetry={gone ? undefined : () => void load.refetch()} />
      </Box>
    );
  }

  const headerActions = (editTo || remove || actions) && (
    <HStack gap="2" wrap="wrap">
      {actions}
      {editTo && (
        <Button asChild size="sm">
          <RouterLink to={editTo} state={backState}>
            {t('common.edit')}
          </RouterLink>
        </Button>
      )}
      {remove && (
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
          {t('common.delete')}
        </Button>
      )}
    </HStack>
  );

  const body = form ? (
    <form noValidate onSubmit={form.onSubmit}>
      {children}
      {form.error && (
        <Text role="alert" color="fg.error" fontSize="sm" mt="4">
          {form.error}
        </Text>
      )}
      <HStack as="footer" gap="2" justify="flex-end" mt="6" borderTopWidth="1px" pt="4">
        <Button type="button" size="sm" variant="outline" onClick={back} disabled={form.busy}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="sm" loading={form.busy}>
          {form.submitLabel ?? t('common.save')}
        </Button>
      </HStack>
    </form>
  ) : (
    children
  );

  return (
    // room below the footer: the page scrolls its Save clear of the toasts in the bottom-right corner
    <Box p="4" pb={form ? '28' : '4'}>
      <PageHeader title={title} onBack={back} actions={headerActions || undefined} />
      {body}
      {remove && (
        <DeleteConfirmDialog
          row={deleting ? remove : null}
          title={remove.title}
          text={remove.text}
          onClose={() => setDeleting(false)}
          onDelete={async (r) => {
            await r.run();
            navigate(r.afterTo);
          }}
        />
      )}
    </Box>
  );
}
