import { useState } from 'react';
import { Button, Text, useUiTranslation } from '@fleet/shared-ui';
import { ModalDialog } from '../dialogs/ModalDialog';

export interface ShowMoreProps {
  text: string | null | undefined;
  /** Spec 9: 'Show More' truncation at 5 characters. */
  limit?: number;
}

/** Long cell text cut to `limit` characters with a Show More / Show Less toggle. */
export function ShowMore({ text, limit = 5 }: ShowMoreProps) {
  const { t } = useUiTranslation();
  const [expanded, setExpanded] = useState(false);
  const value = text ?? '';
  if (value.length <= limit) return <Text as="span">{value || '-'}</Text>;
  return (
    <Text as="span">
      {expanded ? value : `${value.slice(0, limit)}...`}{' '}
      <Button variant="plain" size="xs" px="0" h="auto" color="colorPalette.fg" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
        {expanded ? t('text.showLess') : t('text.showMore')}
      </Button>
    </Text>
  );
}

export interface ReadMoreProps {
  text: string | null | undefined;
  /** Spec: firmware messages are cut at 40 characters. */
  limit?: number;
  /** Title of the dialog with the whole text (the message type and version). */
  title: string;
}

/** Text cut to `limit` characters with a Read More button that opens the whole text in a dialog. */
export function ReadMore({ text, limit = 40, title }: ReadMoreProps) {
  const { t } = useUiTranslation();
  const [open, setOpen] = useState(false);
  const value = text ?? '';
  if (value.length <= limit) return <Text as="span">{value || '-'}</Text>;
  return (
    <>
      <Text as="span">
        {`${value.slice(0, limit)}...`}{' '}
        <Button variant="plain" size="xs" px="0" h="auto" color="colorPalette.fg" onClick={() => setOpen(true)}>
          {t('text.readMore')}
        </Button>
      </Text>
      <ModalDialog open={open} title={title} onClose={() => setOpen(false)} closeOnInteractOutside>
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {value}
        </Text>
      </ModalDialog>
    </>
  );
}
