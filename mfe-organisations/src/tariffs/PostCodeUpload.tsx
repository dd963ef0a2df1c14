import { Stack, Text } from '@fleet/shared-ui';
import { FileDropzone } from '@fleet/shared-ui/fields';
import { useState } from 'react';
import { useOrganisationsTranslation } from '../i18n/translation';
import { postCodesOfCsv } from '@fleet/contract';
import { tariffErrorKey } from './tariff-form';

/** How many codes the list shows before "…" (the whole list is in the CSV). */
const SHOWN_CODES = 30;

async function textOf(file: File): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/**
 * The distributor's post codes, uploaded as a CSV file (spec 3: a comma-joined unique list). A file
 * that is not one keeps the list there was and says 'Post Code is required. Please upload valid CSV file.'.
 */
export function PostCodeUpload({ value, onChange, error }: { value: string[]; onChange: (codes: string[]) => void; error: string | undefined }) {
  const { t } = useOrganisationsTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const take = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) {
      setFileError(null);
      return;
    }
    const codes = postCodesOfCsv(await textOf(chosen).catch(() => ''));
    if (!codes) {
      setFileError(t(tariffErrorKey('postCodeRequired')));
      return;
    }
    setFileError(null);
    onChange(codes);
  };
  const shown = value.slice(0, SHOWN_CODES).join(', ') + (value.length > SHOWN_CODES ? ', …' : '');
  return (
    <Stack gap="2">
      <FileDropzone accept={['.csv']} label={t('tariffs.form.csvFile')} file={file} onFile={(chosen) => void take(chosen)} error={fileError ?? error} />
      <Text fontSize="xs" color="fg.muted">
        {t('tariffs.form.csvHint')}
      </Text>
      {value.length > 0 && (
        <Text fontSize="sm" aria-live="polite">
          {t('tariffs.form.postCodeCount', { count: value.length, codes: shown })}
        </Text>
      )}
    </Stack>
  );
}
