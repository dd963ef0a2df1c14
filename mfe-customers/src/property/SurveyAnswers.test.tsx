import { screen } from '@testing-library/react';
import { renderWithUi } from '../test-support';
import { SurveyAnswers } from './SurveyAnswers';

const DATA = [
  { question: 'Is there air conditioning?', given_answer: 'Yes', sub_questions: [{ question: 'How many units?', given_answer: 2 }] },
  { question: 'How many people live at the property?', given_answer: '' },
];

describe('SurveyAnswers', () => {
  it('is a description list of question and answer groups, a follow-up list inside its answer', () => {
    const { container } = renderWithUi(<SurveyAnswers data={DATA} />);
    const lists = [...container.querySelectorAll('dl')];
    expect(lists).toHaveLength(2);
    // HTML (and axe's definition-list rule): a <dl> holds <div> groups of <dt> and <dd> only
    for (const dl of lists) {
      for (const group of [...dl.children]) {
        expect(group.tagName).toBe('DIV');
        expect([...group.children].map((c) => c.tagName)).toEqual(['DT', 'DD']);
      }
    }
    const followUps = lists[1]!;
    expect(followUps.closest('dd')).toHaveTextContent(/^Yes/);
    expect(screen.getByText('How many units?').tagName).toBe('DT');
    expect(screen.getByText('2').tagName).toBe('DD');
    expect(screen.getAllByText('-')).toHaveLength(1);
  });
});
