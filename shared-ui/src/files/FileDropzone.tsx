import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Box, Button, chakra, HStack, Text, VStack, UploadIcon, englishUiT, useUiTranslation, type UiT } from '@fleet/shared-ui';

/** Spec 5/9: default extensions of the dropzone (firmware passes ['.bin']). */
export const DEFAULT_ACCEPT = ['.jpeg', '.jpg', '.png', '.pdf', '.xls', '.doc', '.docx'] as const;
/** Spec 9: maximum upload 52428800 bytes. */
export const MAX_UPLOAD_BYTES = 52428800;
/** Spec 9: bytes per megabyte for display. */
export const BYTES_PER_MB = 1048576;

export interface FileDropzoneProps {
  accept?: readonly string[];
  maxBytes?: number;
  file: File | null;
  /** The chosen file, or null when removed. */
  onFile: (file: File | null) => void;
  label?: string;
  disabled?: boolean;
  /** An error from the caller's form (e.g. "File is required"), shown like the zone's own errors. */
  error?: string;
}

export function formatBytes(bytes: number): string {
  if (bytes >= BYTES_PER_MB) return `${(bytes / BYTES_PER_MB).toFixed(2).replace(/\.?0+$/, '')} MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KB`;
  return `${bytes} B`;
}

/** Why a file is refused, or null. The real limit is shown (the old console said 5mb while allowing 50). */
export function fileError(file: File, accept: readonly string[], maxBytes: number, t: UiT = englishUiT): string | null {
  const name = file.name.toLowerCase();
  const allowed = accept.map((ext) => ext.toLowerCase());
  if (allowed.length > 0 && !allowed.some((ext) => name.endsWith(ext))) {
    return t('files.onlyTypes', { types: accept.join(', ') });
  }
  if (file.size > maxBytes) return t('files.maxSize', { size: formatBytes(maxBytes) });
  return null;
}

/** One file per slot: drop it, or click / press Enter or Space to browse. Errors in red under the zone. */
export function FileDropzone({
  accept = DEFAULT_ACCEPT,
  maxBytes = MAX_UPLOAD_BYTES,
  file,
  onFile,
  label: labelText,
  disabled = false,
  error: formError,
}: FileDropzoneProps) {
  const { t } = useUiTranslation();
  const label = labelText ?? t('files.upload');
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;
  const shownError = error ?? formError ?? null;

  const take = (files: FileList | null) => {
    const chosen = files?.[0];
    if (!chosen) return;
    if (files.length > 1) {
      setError(t('files.onlyOne'));
      return;
    }
    const problem = fileError(chosen, accept, maxBytes, t);
    setError(problem);
    if (!problem) onFile(chosen);
  };

  const browse = () => {
    if (!disabled) inputRef.current?.click();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      browse();
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <VStack align="stretch" gap="2">
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        // named by what it shows (label, hint, accepted types): a label of its own hid them (WCAG 2.5.3)
        aria-describedby={shownError ? errorId : undefined}
        aria-disabled={disabled || undefined}
        data-dragging={dragging ? '' : undefined}
        onClick={browse}
        onKeyDown={onKeyDown}
        onDragOver={(event: DragEvent) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={shownError ? 'border.error' : dragging ? 'colorPalette.solid' : 'border.emphasized'}
        bg={dragging ? 'colorPalette.subtle' : 'bg.subtle'}
        rounded="md"
        p="6"
        textAlign="center"
        cursor={disabled ? 'not-allowed' : 'pointer'}
        opacity={disabled ? 0.6 : 1}
        focusRing="outside"
      >
        <VStack gap="1">
          <Box fontSize="2xl" color="fg.muted">
            <UploadIcon />
          </Box>
          <Text fontWeight="medium">{label}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('files.dragOrClick')}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {accept.join(', ')} · {t('files.maxSize', { size: formatBytes(maxBytes) })}
          </Text>
        </VStack>
      </Box>
      <chakra.input
        ref={inputRef}
        type="file"
        display="none"
        accept={accept.join(',')}
        disabled={disabled}
        aria-label={label}
        data-testid="file-input"
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = ''; // choosing the same file again still fires change
        }}
      />
      {file && (
        <HStack role="group" aria-label={t('files.chosen')} justify="space-between" borderWidth="1px" rounded="md" px="3" py="2">
          <Text fontSize="sm" truncate>
            <chakra.span>{file.name}</chakra.span>{' '}
            <chakra.span color="fg.muted">({formatBytes(file.size)})</chakra.span>
          </Text>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onFile(null)} disabled={disabled}>
            {t('files.remove')} <chakra.span srOnly>{file.name}</chakra.span>
          </Button>
        </HStack>
      )}
      {shownError && (
        <Text id={errorId} role="alert" fontSize="sm" color="fg.error">
          {shownError}
        </Text>
      )}
    </VStack>
  );
}
