/**
 * A property's survey (spec 3, Survey question; spec 5, Survey answers): the console's questionnaire
 * (Text, Dropdown, Dichotomous questions with follow-ups; @fleet/contract's SURVEY_QUESTIONS) and the answers kept with the property as
 * `survey_data` [{question, question_type, given_answer, sub_questions}]. The server applies the
 * spec's rules too: integer answers are digits only, decimal ones digits with at most one point, text
 * is trimmed, No (or a dropdown's No) clears the follow-ups, and another air-conditioner type clears
 * its first follow-up.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { requireVisible } from '../../policy/scope';
import { badRequest } from '../../server/errors';
import { say } from '../../server/messages';
import { SURVEY_QUESTIONS, type SurveyQuestionDef } from '@fleet/contract';

type QuestionType = SurveyQuestionDef['question_type'];
const AIR_CONDITIONER_TYPE = 'air_conditioner_type';

const TEXT_MAX = 500;

export const SurveyAnswersBody = Type.Record(Type.String({ pattern: '^[a-z_]{1,40}$' }), Type.Union([Type.String({ maxLength: TEXT_MAX }), Type.Null()]), {
  maxProperties: 40,
  errorMessage: say('surveys.answersInvalid'),
});
export type SurveyAnswers = Static<typeof SurveyAnswersBody>;

interface StoredQuestion {
  key: string;
  question: string;
  question_type: QuestionType;
  given_answer: string | null;
  sub_questions: StoredQuestion[];
}

const ALL_KEYS = (() => {
  const keys = new Set<string>();
  const walk = (qs: SurveyQuestionDef[]) => qs.forEach((q) => (keys.add(q.key), walk(q.sub_questions ?? [])));
  walk(SURVEY_QUESTIONS);
  return keys;
})();

/** One answer by the rules; '' and null are "not answered". */
function checked(def: SurveyQuestionDef, raw: string | null | undefined): string | null {
  if (raw === null || raw === undefined) return null;
  const text = raw.trim();
  if (text === '') return null;
  if (def.question_type !== 'Text') {
    if (!def.options?.includes(text)) throw badRequest(say('surveys.chooseOptionFor', { question: def.question }));
    return text;
  }
  if (def.answer_kind === 'integer' && !/^\d+$/.test(text)) throw badRequest(say('surveys.digitsOnlyFor', { question: def.question }));
  if (def.answer_kind === 'decimal' && !/^\d+(\.\d*)?$|^\.\d+$/.test(text)) throw badRequest(say('surveys.onePointFor', { question: def.question }));
  return text;
}

/**
 * The answers as stored: every question of the questionnaire, follow-ups cleared under a No, and the
 * first follow-up of the air-conditioner type cleared when the type changed from `previous`.
 */
export function surveyData(answers: SurveyAnswers, previous: Record<string, string | null>): StoredQuestion[] {
  for (const key of Object.keys(answers)) if (!ALL_KEYS.has(key)) throw badRequest(say('surveys.unknownQuestion', { key }));
  const typeNow = answers[AIR_CONDITIONER_TYPE]?.trim() || null;
  const typeBefore = previous[AIR_CONDITIONER_TYPE] ?? null;
  const build = (defs: SurveyQuestionDef[], parent: string | null, cleared: boolean): StoredQuestion[] =>
    defs.map((def, index) => {
      let answer = cleared ? null : checked(def, answers[def.key]);
      // spec 5: a new air-conditioner type clears its first follow-up answer (unless it was answered anew)
      const firstOfType = parent === AIR_CONDITIONER_TYPE && index === 0;
      if (firstOfType && typeBefore !== null && typeNow !== typeBefore && answers[def.key] === (previous[def.key] ?? null)) answer = null;
      const subCleared = cleared || answer === null || answer === 'No';
      return { key: def.key, question: def.question, question_type: def.question_type, given_answer: answer, sub_questions: build(def.sub_questions ?? [], def.key, subCleared) };
    });
  return build(SURVEY_QUESTIONS, null, false);
}

/** The answers of stored survey data by question key (for the air-conditioner rule). */
function answersOf(data: unknown): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const walk = (qs: unknown) => {
    if (!Array.isArray(qs)) return;
    for (const q of qs as Array<Partial<StoredQuestion>>) {
      if (typeof q.key === 'string') out[q.key] = typeof q.given_answer === 'string' ? q.given_answer : null;
      walk(q.sub_questions);
    }
  };
  walk(data);
  return out;
}

export async function saveSurvey(db: Db, caller: Caller, propertyId: number, answers: SurveyAnswers, now: Date): Promise<void> {
  await requireVisible(db, caller, 'properties', propertyId);
  const { rows } = await db.query<{ survey_data: unknown }>('SELECT survey_data FROM properties WHERE id = $1', [propertyId]);
  const data = surveyData(answers, answersOf(rows[0]?.survey_data));
  await db.query('UPDATE properties SET survey_data = $2::jsonb, updated_at = $3 WHERE id = $1', [propertyId, JSON.stringify(data), now.toISOString()]);
}
