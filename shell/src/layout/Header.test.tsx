import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes, useSelectedProduct, useSession } from '@fleet/shared-api';
import { FleetUiProvider, setColorMode } from '@fleet/shared-ui';
import { initI18n, LANGUAGE_KEY } from '../i18n/i18n';
import { Header } from './Header';

const info = {
  user_type: 'Admin' as const,
  userInfo: { id: 1, email: 'admin@demo.test', first_name: 'Ada', last_name: 'Admin', agency_id: null, agency_name: null, electrician_id: null, company_id: null, company_name: null, site_manager_id: null, customer_id: null },
};

function renderHeader() {
  render(
    <FleetUiProvider>
      <MemoryRouter initialEntries={['/admin/profile']}>
        <Routes>
          <Route path="/login" element={<p>login page</p>} />
          <Route path="*" element={<Header withProduct />} />
        </Routes>
      </MemoryRouter>
    </FleetUiProvider>,
  );
}

beforeAll(() => initI18n());

beforeEach(async () => {
  localStorage.clear();
  setColorMode('light');
  await i18next.changeLanguage('en');
  useSession.getState().signIn({ token: 'a', refresh_token: 'r', info });
});

afterEach(() => jest.restoreAllMocks());

describe('the header', () => {
  it('switches dark mode for the whole page and remembers it under isDarkMode', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(localStorage.getItem('isDarkMode')).toBe('true');
    expect(document.documentElement).toHaveClass('dark');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(localStorage.getItem('isDarkMode')).toBe('false');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('the dark-mode switch says what it does, in words and with a drawn sun or moon, in English and Hindi', async () => {
    renderHeader();
    const toDark = screen.getByRole('button', { name: 'Switch to dark mode' });
    // the name is the action, so no pressed state beside it (WAI-ARIA APG: a toggle's label must not change with its state)
    expect(toDark).not.toHaveAttribute('aria-pressed');
    expect(toDark).toHaveAttribute('title', 'Switch to dark mode');
    // a drawn icon (an svg in the text colour), not a text glyph
    const moon = toDark.querySelector('svg')?.innerHTML;
    expect(moon).toMatch(/<path/);
    expect(toDark).not.toHaveTextContent(/\S/);
    await userEvent.click(toDark);
    const toLight = screen.getByRole('button', { name: 'Switch to light mode' });
    const sun = toLight.querySelector('svg')?.innerHTML;
    expect(sun).toMatch(/<path/);
    expect(sun).not.toBe(moon);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    expect(await screen.findByRole('button', { name: 'लाइट मोड पर जाएँ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'लाइट मोड पर जाएँ' }));
    expect(screen.getByRole('button', { name: 'डार्क मोड पर जाएँ' })).toBeInTheDocument();
  });

  it('switches the language to Hindi and remembers it under i18nextLng', async () => {
    renderHeader();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(await screen.findByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('hi');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'भाषा' }), 'en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('names the products of the selector in the page language', async () => {
    renderHeader();
    const names = () => Array.from(screen.getByRole('combobox', { name: /Product|उत्पाद/ }).querySelectorAll('option')).map((o) => o.textContent);
    expect(names()).toEqual(['Electricity Advisor', 'Livelink', 'Safelink', 'Airlink', 'Lighting', 'Heat Pump', 'All Products']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'hi');
    await waitFor(() => expect(names()).toEqual(['इलेक्ट्रिसिटी एडवाइज़र', 'लाइवलिंक', 'सेफ़लिंक', 'एयरलिंक', 'लाइटिंग', 'हीट पंप', 'सभी उत्पाद']));
    await i18next.changeLanguage('en');
  });

  it('falls back to English for texts Hindi lacks', () => {
    expect(i18next.t('shell:no.such.key', { lng: 'hi', defaultValue: 'fallback' })).toBe('fallback');
    expect(i18next.options.fallbackLng).toEqual(['en']);
  });

  it('offers the seven products and remembers the choice under selectedProduct', async () => {
    renderHeader();
    const select = screen.getByRole('combobox', { name: 'Product' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Electricity Advisor',
      'Livelink',
      'Safelink',
      'Airlink',
      'Lighting',
      'Heat Pump',
      'All Products',
    ]);
    await userEvent.selectOptions(select, 'heat_pump');
    expect(localStorage.getItem('selectedProduct')).toBe('heat_pump');
    expect(useSelectedProduct.getState().product).toBe('heat_pump');
  });

  it('shows who is signed in, and Logout ends the session and goes to /login', async () => {
    const logout = jest.spyOn(useSession.getState(), 'logout').mockImplementation(async () => {
      useSession.getState().signOut();
    });
    renderHeader();
    expect(screen.getByText('Signed in as Ada Admin')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalled();
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('access-token')).toBeNull());
  });
});
