import { act, screen } from '@testing-library/react';
import i18next from 'i18next';
import { StatusBadge } from '../status/StatusBadge';
import { Pager } from '../table/Pager';
import { DataTable } from '../table/DataTable';
import { expectSameTexts, renderWithUi, textKeys } from '../testing';
import { en } from './en';
import { hi } from './hi';
import { englishUiT } from './ui-texts';

describe('shared-ui texts', () => {
  it('has every English key in Hindi, with the same placeholders, and no Hindi text left in English', () => {
    expectSameTexts(en, hi);
    const at = (bundle: object, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], bundle);
    for (const key of textKeys(en)) expect([key, at(hi, key)]).not.toEqual([key, at(en, key)]);
  });

  it('gives helpers called without a t the English wording', () => {
    expect(englishUiT('pager.showing', { from: 1, to: 25, total: 80 })).toBe('Showing 1-25 of 80');
    expect(englishUiT('no.such.key')).toBe('no.such.key');
  });

  it('shows the table, pager and badges in the page language', async () => {
    renderWithUi(
      <>
        <StatusBadge status="pending" />
        <DataTable label="Devices" columns={[{ key: 'name', header: 'Name' }]} rows={[]} rowKey={() => 1} />
        <Pager page={1} limit={25} total={80} onPageChange={() => {}} onLimitChange={() => {}} />
      </>,
    );
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();
    await act(async () => {
      await i18next.changeLanguage('hi');
    });
    try {
      expect(screen.getByText('लंबित')).toBeInTheDocument();
      expect(screen.getByText('कोई डेटा नहीं मिला')).toBeInTheDocument();
      expect(screen.getByText('80 में से 1-25 दिखाए जा रहे हैं')).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'पेज नेविगेशन' })).toBeInTheDocument();
    } finally {
      await act(async () => {
        await i18next.changeLanguage('en');
      });
    }
  });
});
