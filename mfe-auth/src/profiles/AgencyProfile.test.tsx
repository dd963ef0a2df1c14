import { useSession } from '@fleet/shared-api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, fakeApi, notifications, renderAuth } from '../test-support';
import { signedInAs, typePasswords } from './profile-test-support';

const PROFILE = {
  status: true,
  message: '',
  info: {
    agency_name: 'Bright Homes',
    email: 'agency@fleet.test',
    postcode: '2000',
    contact_first_name: 'Jo',
    contact_last_name: 'Bright',
    contact: '0400000000',
    abn_no: '51824753556',
  },
};

interface SentForm {
  method: string;
  url: string;
  authorization: string | undefined;
  fields: Record<string, FormDataEntryValue>;
}

/** The agency profile goes out as multipart form data through XMLHttpRequest (shared-api's apiPostForm). */
function fakeFormUpload(reply: { status: number; body: unknown }): SentForm[] {
  const sent: SentForm[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = {};
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    send(body: FormData) {
      sent.push({ method: this.method, url: this.url, authorization: this.headers.authorization, fields: Object.fromEntries(body.entries()) });
      setTimeout(() => {
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      }, 0);
    }
    abort() {}
  }
  global.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  return sent;
}

const realXhr = global.XMLHttpRequest;
signedInAs('Agency');
afterEach(() => {
  global.XMLHttpRequest = realXhr;
});

describe('AgencyProfile', () => {
  it('loads the profile; email and ABN are read-only', async () => {
    fakeApi({ 'GET /api/agency/getprofile': { body: PROFILE } });
    await renderAuth('/agency/profile');
    expect(await screen.findByRole('textbox', { name: /Agency Name/ })).toHaveValue('Bright Homes');
    expect(screen.getByRole('textbox', { name: /Postcode/ })).toHaveValue('2000');
    expect(screen.getByRole('textbox', { name: /Contact First Name/ })).toHaveValue('Jo');
    expect(screen.getByRole('textbox', { name: /Contact Last Name/ })).toHaveValue('Bright');
    expect(screen.getByRole('textbox', { name: /Contact Number/ })).toHaveValue('0400000000');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveValue('51824753556');
    expect(screen.getByRole('textbox', { name: /^ABN/ })).toHaveAttribute('readonly');
  });

  it('saves as form data with the contract field names, password only when given', async () => {
    const calls = fakeApi({ 'GET /api/agency/getprofile': { body: PROFILE } });
    const sent = fakeFormUpload({ status: 200, body: { status: true, message: 'Profile updated successfully' } });
    await renderAuth('/agency/profile');
    const name = await screen.findByRole('textbox', { name: /Agency Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Brighter Homes ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: 'http://localhost/api/agency/editprofile',
      authorization: 'Bearer access-Agency',
      fields: { agency_name: 'Brighter Homes', postcode: '2000', contact_first_name: 'Jo', contact_last_name: 'Bright', contact: '0400000000' },
    });
    await waitFor(() => expect(notifications()).toEqual([{ messageType: 'success', message: 'Profile updated successfully', timer: 4000 }]));
    await waitFor(() => expect(callsTo(calls, '/api/agency/getprofile')).toHaveLength(2));
    expect(useSession.getState().loginUserInfo?.userInfo.agency_name).toBe('Brighter Homes');

    await typePasswords({ password: 'NewPassw0rd', current: 'OldPassw0rd' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.fields.password).toBe('NewPassw0rd');
    expect(sent[1]?.fields.current_password).toBe('OldPassw0rd');
  });

  it('checks postcode, contact number and names, scrolling to and focusing the first field in error', async () => {
    const scrolled: Element[] = [];
    const scrollIntoView = jest.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    fakeApi({ 'GET /api/agency/getprofile': { body: PROFILE } });
    const sent = fakeFormUpload({ status: 200, body: { status: true, message: 'ok' } });
    await renderAuth('/agency/profile');
    const postcode = await screen.findByRole('textbox', { name: /Postcode/ });
    await userEvent.clear(postcode);
    await userEvent.type(postcode, '20');
    await userEvent.clear(screen.getByRole('textbox', { name: /Contact Number/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Contact Number/ }), '12345');
    await userEvent.clear(screen.getByRole('textbox', { name: /Contact First Name/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Valid Postal code is required')).toBeInTheDocument();
    expect(screen.getByText('Contact Number must be 8 to 13 characters.')).toBeInTheDocument();
    expect(screen.getByText('Contact First Name is required')).toBeInTheDocument();
    expect(postcode).toHaveFocus();
    expect(scrolled).toEqual([postcode]);
    scrollIntoView.mockRestore();

    await userEvent.clear(postcode);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Valid Postal code is required')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('shows a refused save', async () => {
    fakeApi({ 'GET /api/agency/getprofile': { body: PROFILE } });
    fakeFormUpload({ status: 400, body: { status: false, message: 'postcode must be at least 3 characters' } });
    await renderAuth('/agency/profile');
    await screen.findByRole('textbox', { name: /Agency Name/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(notifications()).toEqual([{ messageType: 'error', message: 'postcode must be at least 3 characters', timer: 4000 }]),
    );
  });
});
