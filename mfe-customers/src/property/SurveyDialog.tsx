import { apiGet, apiPut, errorMessage, useFleetMutation } from '@fleet/shared-api';
import { Box, FormField, Input, NativeSelect, Stack } from '@fleet/shared-ui';
import { EditDialog, useOnOpen } from '@fleet/shared-ui/overlays';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { callPrefix, customerKeys } from '../api/customers';
import type { CustomerArea } from '../description';
import { useCustomersTranslation } from '../i18n/translation';
import type { SurveyQuestionDef } from '@fleet/contract';

/** A question of the survey, as fleet-api answers it (@fleet/contract). */
export type { SurveyQuestionDef };

export type Answers = Record<string, string>;

/** The air-conditioner type: changing it clears its first follow-up (spec 5). */
const AIR_CONDITIONER_TYPE = 'air_conditioner_type';

/** Spec 5: integer answers take digits only; decimal ones digits with at most one point. */
export function sanitizeAnswer(kind: SurveyQuestionDef['answer_kind'], text: string): string {
  if (kind === 'integer') return text.replace(/\D/g, '');
  if (kind === 'decimal') {
    const kept = text.replace(/[^\d.]/g, '');
    const point = kept.indexOf('.');
    return point < 0 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, '');
  }
  return text;
}

/** The keys under a question (all levels), cleared when it is answered No or left empty. */
function keysUnder(def: SurveyQuestionDef): string[] {
  return (def.sub_questions ?? []).flatMap((q) => [q.key, ...keysUnder(q)]);
}

/** An answer changes: spec 5's clearing rules follow it. */
export function answer(defs: SurveyQuestionDef[], answers: Answers, key: string, value: string): Answers {
  const next = { ...answers, [key]: value };
  const find = (qs: SurveyQuestionDef[]): SurveyQuestionDef | undefined => qs.reduce<SurveyQuestionDef | undefined>((hit, q) => hit ?? (q.key === key ? q : find(q.sub_questions ?? [])), undefined);
  const def = find(defs);
  if (!def) return next;
  if (value === '' || value === 'No') for (const k of keysUnder(def)) next[k] = '';
  if (key === AIR_CONDITIONER_TYPE && value !== answers[key]) {
    const first = def.sub_questions?.[0];
    if (first) next[first.key] = '';
  }
  return next;
}

/** Stored survey data -> answers by key. */
function answersFrom(data: unknown): Answers {
  const out: Answers = {};
  const walk = (qs: unknown) => {
    if (!Array.isArray(qs)) return;
    for (const q of qs as Array<{ key?: unknown; given_answer?: unknown; sub_questions?: unknown }>) {
      if (typeof q.key === 'string') out[q.key] = q.given_answer === null || q.given_answer === undefined ? '' : String(q.given_answer);
      walk(q.sub_questions);
    }
  };
  walk(data);
  return out;
}

function useSurveyQuestions(enabled: boolean) {
  return useQuery({
    queryKey: ['customers', 'survey-questions'],
    queryFn: async () => (await apiGet<SurveyQuestionDef[]>('/api/survey/questions')).info ?? [],
    enabled,
    staleTime: Infinity,
  });
}

/** Edit of a property's survey answers: follow-ups appear under a Yes (or a chosen option) and clear under a No. */
export function SurveyDialog({ area, propertyId, data, open, onClose }: { area: CustomerArea; propertyId: number; data: unknown; open: boolean; onClose: () => void }) {
  const { t } = useCustomersTranslation();
  const questions = useSurveyQuestions(open);
  const save = useFleetMutation((answers: Answers) => apiPut<null>(`${callPrefix(area)}/property/survey`, { property_id: propertyId, answers }), { invalidate: [customerKeys.all] });
  const [answers, setAnswers] = useState<Answers>({});
  // each opening starts from the saved answers
  useOnOpen(
    open,
    () => {
      setAnswers(answersFrom(data));
      save.reset();
    },
    data,
  );
  const defs = questions.data ?? [];

  const field = (def: SurveyQuestionDef): ReactNode => {
    const value = answers[def.key] ?? '';
    const set = (text: string) => setAnswers((prev) => answer(defs, prev, def.key, text));
    const control =
      def.question_type === 'Text' ? (
        <Input size="sm" autoComplete="off" maxLength={500} inputMode={def.answer_kind === 'text' ? 'text' : def.answer_kind === 'integer' ? 'numeric' : 'decimal'} value={value} onChange={(e) => set(sanitizeAnswer(def.answer_kind, e.currentTarget.value))} />
      ) : (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value} onChange={(e) => set(e.currentTarget.value)}>
            <option value="">{t('tariff.choose')}</option>
            {(def.options ?? []).map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      );
    const open = value !== '' && value !== 'No';
    return (
      <Box key={def.key}>
        <FormField label={def.question}>{control}</FormField>
        {open && (def.sub_questions ?? []).length > 0 && (
          <Stack gap="3" ps="4" mt="3" borderStartWidth="2px" borderColor="border.muted">
            {(def.sub_questions ?? []).map(field)}
          </Stack>
        )}
      </Box>
    );
  };

  return (
    <EditDialog
      open={open}
      size="lg"
      title={t('property.survey')}
      submitLabel={t('tariff.save')}
      cancelLabel={t('tariff.cancel')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutateAsync(answers).then(onClose, () => undefined);
      }}
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error) : questions.isError ? errorMessage(questions.error) : null}
    >
      <Stack gap="4">{defs.map(field)}</Stack>
    </EditDialog>
  );
}
