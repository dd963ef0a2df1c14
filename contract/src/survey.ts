/**
 * A property's survey questionnaire (spec 3, Survey question): what fleet-api answers on
 * GET /api/survey/questions and checks the answers against, and what the console's survey dialog asks
 * (its tests answer it as the server would).
 */
export interface SurveyQuestionDef {
  key: string;
  question: string;
  question_type: 'Text' | 'Dropdown' | 'Dichotomous';
  /** Text answers: what they hold. */
  answer_kind?: 'text' | 'integer' | 'decimal';
  options?: string[];
  /** Follow-ups, asked when the answer is not No (Dichotomous: when Yes). */
  sub_questions?: SurveyQuestionDef[];
}

/** The questionnaire the installers' app asks at a property (the spec shows its shape, not its questions). */
export const SURVEY_QUESTIONS: SurveyQuestionDef[] = [
  { key: 'occupants', question: 'How many people live at the property?', question_type: 'Text', answer_kind: 'integer' },
  {
    key: 'air_conditioner',
    question: 'Is there air conditioning?',
    question_type: 'Dichotomous',
    options: ['Yes', 'No'],
    sub_questions: [
      {
        key: 'air_conditioner_type',
        question: 'Type of air conditioner',
        question_type: 'Dropdown',
        options: ['Split system', 'Ducted', 'Window or wall', 'Portable'],
        sub_questions: [
          { key: 'air_conditioner_units', question: 'How many units?', question_type: 'Text', answer_kind: 'integer' },
          { key: 'air_conditioner_kw', question: 'Total cooling capacity (kW)', question_type: 'Text', answer_kind: 'decimal' },
        ],
      },
    ],
  },
  {
    key: 'pool_pump',
    question: 'Is there a pool pump?',
    question_type: 'Dichotomous',
    options: ['Yes', 'No'],
    sub_questions: [{ key: 'pool_pump_kw', question: 'Pool pump power (kW)', question_type: 'Text', answer_kind: 'decimal' }],
  },
  {
    key: 'solar',
    question: 'Solar panels',
    question_type: 'Dropdown',
    options: ['No', 'Under 5 kW', '5 to 10 kW', 'Over 10 kW'],
    sub_questions: [{ key: 'solar_battery', question: 'Is there a home battery?', question_type: 'Dichotomous', options: ['Yes', 'No'] }],
  },
  { key: 'notes', question: 'Anything else the installer noticed', question_type: 'Text', answer_kind: 'text' },
];
