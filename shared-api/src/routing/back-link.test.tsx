import { act, render, screen } from '@testing-library/react';
import { Link, Route, Routes, UNSAFE_createMemoryHistory, unstable_HistoryRouter as HistoryRouter, useLocation } from 'react-router-dom';
import { useBackState, useBackTo, useOpenWithBack } from './back-link';

type MemoryHistory = ReturnType<typeof UNSAFE_createMemoryHistory>;

function List() {
  const open = useOpenWithBack();
  const backState = useBackState();
  return (
    <>
      <button onClick={() => open('/things/view/7')}>Open</button>
      <Link to="/things/view/7" state={backState}>
        Open by link
      </Link>
      <Link to="/things/view/7">Open without state</Link>
    </>
  );
}

function Detail() {
  const back = useBackTo('/things');
  const location = useLocation();
  return (
    <>
      <p>detail {location.search}</p>
      <button onClick={back}>Back</button>
    </>
  );
}

function renderAt(entries: string[]) {
  const history: MemoryHistory = UNSAFE_createMemoryHistory({ initialEntries: entries, v5Compat: true });
  render(
    <HistoryRouter history={history}>
      <Routes>
        <Route path="/things" element={<List />} />
        <Route path="/things/view/:id" element={<Detail />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>
    </HistoryRouter>,
  );
  return history;
}

const at = (history: MemoryHistory) => `${history.location.pathname}${history.location.search}`;

test('Back from a page opened from the list goes back to that entry: no new one, Forward returns', async () => {
  const history = renderAt(['/home', '/things?page=2&sortBy=name']);
  await act(async () => screen.getByRole('button', { name: 'Open' }).click());
  expect(history.index).toBe(2);
  expect(history.location.search).toBe(`?back=${encodeURIComponent('/things?page=2&sortBy=name')}`);
  await act(async () => screen.getByRole('button', { name: 'Back' }).click());
  expect(at(history)).toBe('/things?page=2&sortBy=name');
  expect(history.index).toBe(1);
  // the detail is still the next entry (Back pushed nothing over it)
  await act(async () => history.go(1));
  expect(history.location.pathname).toBe('/things/view/7');
  expect(history.index).toBe(2);
});

test('a link given the back state is gone back from the same way', async () => {
  const history = renderAt(['/things?page=3']);
  await act(async () => screen.getByRole('link', { name: 'Open by link' }).click());
  expect(history.index).toBe(1);
  await act(async () => screen.getByRole('button', { name: 'Back' }).click());
  expect(at(history)).toBe('/things?page=3');
  expect(history.index).toBe(0);
});

test('Back from a page not opened from its list replaces the entry instead of pushing one', async () => {
  const history = renderAt(['/home', `/things/view/7?back=${encodeURIComponent('/things?page=4')}`]);
  await act(async () => screen.getByRole('button', { name: 'Back' }).click());
  expect(at(history)).toBe('/things?page=4');
  // the detail's entry became the list's: still the second entry, and going back leaves the console's list
  expect(history.index).toBe(1);
  await act(async () => history.go(-1));
  expect(at(history)).toBe('/home');
});

test('opened from the list by a plain link (no state): replaces, with the fallback when there is no back parameter', async () => {
  const history = renderAt(['/elsewhere', '/things']);
  await act(async () => screen.getByRole('link', { name: 'Open without state' }).click());
  expect(history.index).toBe(2);
  await act(async () => screen.getByRole('button', { name: 'Back' }).click());
  expect(at(history)).toBe('/things');
  expect(history.index).toBe(2);
});

test('a back parameter of another origin is not followed', async () => {
  const history = renderAt([`/things/view/7?back=${encodeURIComponent('//evil.test/x')}`]);
  await act(async () => screen.getByRole('button', { name: 'Back' }).click());
  expect(at(history)).toBe('/things');
  expect(history.index).toBe(0);
});
