/**
 * Demo tariffs beyond the base seed's flat rate and one-season time of use per distributor: a
 * seasonal time of use (summer from 1 November, non-summer from 1 April; weekends all off-peak in
 * non-summer, the same as weekdays in summer) for a few distributors, so the tariff screens show
 * seasons and both day kinds. Every season and day keeps spec 5's rules (test/tariffs checks every
 * seeded structure). Endeavour Energy, the demo property's distributor, keeps its two structures.
 */
import type { Db } from '../db';

const SEASONAL_DISTRIBUTORS = ['Ausgrid', 'Energex', 'Western Power'];

const slot = (startTime: string, endTime: string, name = '') => ({ startTime, endTime, name });

function seasonalSeasons(): unknown[] {
  const summerDay = {
    peak: [slot('15:00', '21:00', 'Summer peak')],
    shoulder: [slot('07:00', '15:00', 'Shoulder'), slot('21:00', '22:00')],
    offPeak: [slot('22:00', '07:00', 'Off Peak')],
    other: [],
  };
  const winterDay = {
    peak: [slot('17:00', '21:00', 'Winter peak')],
    shoulder: [slot('07:00', '17:00', 'Shoulder'), slot('21:00', '22:00')],
    offPeak: [slot('22:00', '07:00', 'Off Peak')],
    other: [],
  };
  const weekend = { peak: [], shoulder: [], offPeak: [slot('00:00', '00:00', 'Off Peak')], other: [] };
  return [
    { season_id: 1, from: '2026-04-01', to: '2026-10-31', same_as_weekdays: 0, weekdays: winterDay, weekends: weekend },
    { season_id: 2, from: '2026-11-01', to: '2027-03-31', same_as_weekdays: 1, weekdays: summerDay, weekends: summerDay },
  ];
}

const PLAN = [
  { key: 'peak', load_type_key: 'general', unit_charge: 0.5931 },
  { key: 'shoulder', load_type_key: 'general', unit_charge: 0.3012 },
  { key: 'offPeak', load_type_key: 'general', unit_charge: 0.1764 },
];

export async function seedDemoTariffs(db: Db): Promise<void> {
  await db.query(
    `INSERT INTO tariff_structures (company_id, type, is_flat_rate, seasons, tariff_plan)
     SELECT c.id, 'Seasonal Time of Use', false, $2::jsonb, $3::jsonb FROM tariff_companies c WHERE c.company_name = ANY($1::text[])`,
    [SEASONAL_DISTRIBUTORS, JSON.stringify(seasonalSeasons()), JSON.stringify(PLAN)],
  );
}
