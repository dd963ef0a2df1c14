import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, lastCall, messageReply, renderCustomers, resetPage, signInAs } from '../test-support';
import { SURVEY_QUESTIONS } from '@fleet/contract';
import { answer, sanitizeAnswer } from './SurveyDialog';

const user = userEvent.setup({ delay: null });

/** The questionnaire fleet-api answers (GET /api/survey/questions). */
const QUESTIONS = SURVEY_QUESTIONS;

describe('survey rules (spec 5)', () => {
  it('takes digits only for integers and at most one point for decimals', () => {
    expect(sanitizeAnswer('integer', '3a.5')).toBe('35');
    expect(sanitizeAnswer('decimal', '7..1.2kW')).toBe('7.12');
    expect(sanitizeAnswer('text', ' as typed ')).toBe(' as typed ');
  });

  it('clears follow-ups under a No, and the first follow-up when the air-conditioner type changes', () => {
    const full = { air_conditioner: 'Yes', air_conditioner_type: 'Split system', air_conditioner_units: '2', air_conditioner_kw: '7.1' };
    expect(answer(QUESTIONS, full, 'air_conditioner_type', 'Ducted')).toEqual({ ...full, air_conditioner_type: 'Ducted', air_conditioner_units: '' });
    expect(answer(QUESTIONS, full, 'air_conditioner', 'No')).toEqual({ air_conditioner: 'No', air_conditioner_type: '', air_conditioner_units: '', air_conditioner_kw: '' });
  });
});

const PROPERTY = {
  id: 40, customer_id: 7, property_name: 'Home', property_type: 'House', address_type: 'residential', unit_type: null, unit_number: null, level_type: null, level_number: null,
  street_number: '12', street: 'Wattle', street_type: 'Street', street_suffix: null, city: 'Parramatta', state: 'NSW', postal_code: '2150', devices: 0, members: 0,
  created_at: '2022-03-14T02:30:00.000Z', nmi: null, property_updated: true, updated_at: '2022-03-14T02:30:00.000Z', customer_name: 'Chris Demo', customer_email: 'c@example.com',
  site_name: null, company_name: null, tariff: null,
  survey_data: [
    { key: 'occupants', question: 'How many people live at the property?', question_type: 'Text', given_answer: '3', sub_questions: [] },
    {
      key: 'air_conditioner', question: 'Is there air conditioning?', question_type: 'Dichotomous', given_answer: 'Yes',
      sub_questions: [{ key: 'air_conditioner_type', question: 'Type of air conditioner', question_type: 'Dropdown', given_answer: 'Split system', sub_questions: [
        { key: 'air_conditioner_units', question: 'How many units?', question_type: 'Text', given_answer: '2', sub_questions: [] },
        { key: 'air_conditioner_kw', question: 'Total cooling capacity (kW)', question_type: 'Text', given_answer: '7.1', sub_questions: [] },
      ] }],
    },
  ],
};

beforeEach(resetPage);

describe('Survey Answers', () => {
  it('edits the answers with the rules and saves them', async () => {
    signInAs('mscc');
    const calls = fakeApi({
      'GET /api/mscc/customer/property/get-info': { body: { status: true, message: 'Property', info: PROPERTY } },
      'GET /api/mscc/customer/property/member': { body: { status: true, message: 'Members', info: [] } },
      'GET /api/mscc/customer/property/devices': { body: { status: true, message: 'Devices', info: [] } },
      'GET /api/survey/questions': { body: { status: true, message: 'Survey questions', info: QUESTIONS } },
      'PUT /api/mscc/customer/property/survey': messageReply('Survey answers saved successfully'),
    });
    renderCustomers('/multisite/customer/property/view/40');
    expect(await screen.findByText('Split system')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit Answers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Survey Answers' });
    const occupants = await within(dialog).findByRole('textbox', { name: 'How many people live at the property?' });
    await user.clear(occupants);
    await user.type(occupants, '4.5x');
    expect(occupants).toHaveValue('45');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Type of air conditioner' }), 'Ducted');
    expect(within(dialog).getByRole('textbox', { name: 'How many units?' })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: 'Total cooling capacity (kW)' })).toHaveValue('7.1');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Is there air conditioning?' }), 'No');
    expect(within(dialog).queryByRole('combobox', { name: 'Type of air conditioner' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Survey Answers' })).toBeNull());
    expect(lastCall(calls, 'PUT', '/api/mscc/customer/property/survey').body).toEqual({
      property_id: 40,
      answers: { occupants: '45', air_conditioner: 'No', air_conditioner_type: '', air_conditioner_units: '', air_conditioner_kw: '' },
    });
  });
});
