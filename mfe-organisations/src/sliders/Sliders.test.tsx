import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Slide } from '../api/sliders';
import { callsTo, fakeApi, fakeUploads, lastCall, listReply, messageReply, refusedReply, renderOrganisations, resetPage, signInAs } from '../test-support';

const user = userEvent.setup({ delay: null });
beforeEach(resetPage);

const SLIDES: Slide[] = [
  {
    id: 3,
    deviceType: 'livelink',
    name: 'LiveLink in real time',
    link: 'https://example.com/livelink',
    image_url: '/api/homepage/slider/image/3/image?expires=1&signature=a',
    image_name: 'live.png',
    image_bytes: 2048,
    created_at: '2026-01-02T00:00:00.000Z',
    updated_at: '2026-01-03T00:00:00.000Z',
  },
];

function image(name: string, size = 1024): File {
  const file = new File(['x'], name, { type: name.endsWith('.png') ? 'image/png' : 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('Sliders', () => {
  it("lists a product line's slides with their images and links", async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/homepage/slider': listReply(SLIDES) });
    renderOrganisations('/admin/livelink/slider');
    const table = await screen.findByRole('table', { name: 'Livelink Sliders' });
    expect(await within(table).findByRole('img', { name: 'Image of LiveLink in real time' })).toHaveAttribute('src', SLIDES[0]?.image_url);
    expect(within(table).getByRole('link', { name: 'https://example.com/livelink' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(lastCall(calls, 'GET', '/api/homepage/slider').query.get('deviceType')).toBe('livelink');
  });

  it('the electricity advisor line is ihd to the server', async () => {
    signInAs('Admin');
    const calls = fakeApi({ 'GET /api/homepage/slider': listReply([]) });
    renderOrganisations('/admin/electricity-advisor/slider');
    expect(await screen.findByRole('heading', { level: 1, name: 'Electricity Advisor Sliders' })).toBeInTheDocument();
    await waitFor(() => expect(lastCall(calls, 'GET', '/api/homepage/slider').query.get('deviceType')).toBe('ihd'));
  });

  it('adds a slide with the messages: name, link, image type and size in red under the dropzone, the server refusal kept', async () => {
    signInAs('Admin');
    fakeApi({ 'GET /api/homepage/slider': listReply(SLIDES) });
    let refuse = true;
    const uploads = fakeUploads(() =>
      refuse ? refusedReply(400, 'The image is not a JPEG or PNG file') : messageReply('Slider added successfully', { ...SLIDES[0], id: 4 }),
    );
    renderOrganisations('/admin/safelink/slider');
    await screen.findByRole('table', { name: 'Safelink Sliders' });
    await user.click(screen.getByRole('button', { name: 'Add Slider' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Slider' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Link is invalid.Enter valid link')).toBeInTheDocument();
    expect(within(dialog).getByText('Image is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Test your alarms');
    for (const bad of ['example.com', 'ftp://example.com', 'javascript:alert(1)']) {
      await user.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
      await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), bad);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(await within(dialog).findByText('Link is invalid.Enter valid link')).toBeInTheDocument();
    }
    await user.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'https://example.com/alarms');

    const picky = userEvent.setup({ delay: null, applyAccept: false });
    await picky.upload(within(dialog).getByTestId('file-input'), image('alarm.gif'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Only .jpeg, .jpg, .png files are allowed');
    await picky.upload(within(dialog).getByTestId('file-input'), image('alarm.png', 52428801));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum file size is 50 MB');
    await picky.upload(within(dialog).getByTestId('file-input'), image('alarm.png', 52428800));
    await waitFor(() => expect(within(dialog).queryByText('Maximum file size is 50 MB')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The image is not a JPEG or PNG file', { selector: '[role=alert], p, div' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Test your alarms');
    const sent = uploads[0];
    expect(sent?.url).toMatch(/\/api\/homepage\/slider$/);
    expect([sent?.form.get('deviceType'), sent?.form.get('name'), sent?.form.get('link'), (sent?.form.get('image') as File).name]).toEqual(['safelink', 'Test your alarms', 'https://example.com/alarms', 'alarm.png']);
    expect(sent?.form.get('id')).toBeNull();

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Slider' })).toBeNull());
    expect(uploads).toHaveLength(2);
  });

  it('edits a slide keeping its image, and deletes it after Yes', async () => {
    signInAs('Admin');
    const calls = fakeApi({
      'GET /api/homepage/slider': listReply(SLIDES),
      'DELETE /api/homepage/slider': messageReply('Slider deleted successfully'),
    });
    const uploads = fakeUploads(() => messageReply('Slider updated successfully', SLIDES[0]));
    renderOrganisations('/admin/livelink/slider');
    const table = await screen.findByRole('table', { name: 'Livelink Sliders' });
    await user.click(await within(table).findByRole('button', { name: 'Edit LiveLink in real time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Slider' });
    expect(within(dialog).getByText('Current image: live.png. Choose a file to replace it.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue('https://example.com/livelink');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'www.example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Link is invalid.Enter valid link')).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Link' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'https://example.com/live');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Slider' })).toBeNull());
    const sent = uploads[0];
    expect(sent?.url).toMatch(/\/api\/homepage\/slider\/update$/);
    expect([sent?.form.get('id'), sent?.form.get('deviceType'), sent?.form.get('link'), sent?.form.get('image')]).toEqual(['3', 'livelink', 'https://example.com/live', null]);

    await user.click(within(table).getByRole('button', { name: 'Delete LiveLink in real time' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete Slider' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(calls, 'DELETE', '/api/homepage/slider')).toHaveLength(1));
    expect(Object.fromEntries(lastCall(calls, 'DELETE', '/api/homepage/slider').query)).toEqual({ id: '3', deviceType: 'livelink' });
  });
});
