import { exportListQuery } from './export-job';

test("an export sends the list's filter and sort, never its page or size", () => {
  expect(exportListQuery({ page: 3, limit: 50, sortBy: 'serial_number', orderBy: 'asc', filter: '[{"key":"id","value":"1","type":"single"}]' })).toEqual({
    filter: '[{"key":"id","value":"1","type":"single"}]',
    sortBy: 'serial_number',
    orderBy: 'asc',
  });
  // the customer list's empty sortBy (spec 9) is the server's default
  expect(exportListQuery({ page: 1, limit: 25, sortBy: '', orderBy: 'desc' })).toEqual({ orderBy: 'desc' });
});
