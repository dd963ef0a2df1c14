import { Box, Stack, Text } from '@fleet/shared-ui';
import { useCustomersTranslation } from '../i18n/translation';

/** Spec 3, Survey question: question, question_type, given_answer, sub_questions. */
interface SurveyQuestion {
  question: string;
  given_answer?: unknown;
  sub_questions?: SurveyQuestion[];
}

function isQuestion(value: unknown): value is SurveyQuestion {
  return typeof value === 'object' && value !== null && typeof (value as { question?: unknown }).question === 'string';
}

/** The survey answers stored with a property (questions with their follow-ups), read-only. */
export function SurveyAnswers({ data }: { data: unknown }) {
  const { t } = useCustomersTranslation();
  const questions = Array.isArray(data) ? data.filter(isQuestion) : [];
  if (questions.length === 0) return <Text fontSize="sm">{t('property.noSurvey')}</Text>;
  return <QuestionList questions={questions} />;
}

function QuestionList({ questions }: { questions: SurveyQuestion[] }) {
  return (
    <Stack as="dl" gap="2">
      {questions.map((q, i) => (
        <Box key={`${q.question}-${i}`}>
          <Text as="dt" fontSize="sm" color="fg.muted">
            {q.question}
          </Text>
          {/* the follow-ups belong to this answer: a <dl> may hold only dt/dd groups */}
          <Box as="dd" fontSize="sm">
            {q.given_answer === null || q.given_answer === undefined || q.given_answer === '' ? '-' : String(q.given_answer)}
            {q.sub_questions && q.sub_questions.filter(isQuestion).length > 0 && (
              <Box ps="4" mt="1">
                <QuestionList questions={q.sub_questions.filter(isQuestion)} />
              </Box>
            )}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
