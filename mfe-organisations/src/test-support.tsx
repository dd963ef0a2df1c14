// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { fakeApi, refusedReply, renderRemoteSync, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { OrganisationsRoutes } from './OrganisationsRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderOrganisations(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<OrganisationsRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** A text box by the start of its label (a required field's label ends in its star). */
export function textbox(label: string): HTMLElement {
  return screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
}

/** Saves the page's form as it is and finds each of the spec's messages. */
export async function saveExpecting(user: UserEvent, messages: readonly string[]): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  for (const message of messages) expect(await screen.findByText(message)).toBeInTheDocument();
}

/** The spec's message for a weak password (agency, agent, electrician and field worker forms). */
export const STRENGTH = 'Password must be at least 8 characters and contain an uppercase letter, a lowercase letter and a digit';

/** Empties the text box named `name` and types `value` (nothing for ''). */
export async function fill(user: UserEvent, name: RegExp | string, value: string): Promise<void> {
  const box = screen.getByRole('textbox', { name });
  await user.clear(box);
  if (value) await user.type(box, value);
}

/** Types each value into its text box (by the start of its label), after what the box holds. */
export async function typeInto(user: UserEvent, entries: ReadonlyArray<readonly [label: string, value: string]>): Promise<void> {
  for (const [label, value] of entries) await user.type(textbox(label), value);
}

/** Clicks the button named `button` (in `scope`, the page by default) and finds the dialog it opens. */
export async function openDialog(user: UserEvent, button: string, dialog: string = button, scope: HTMLElement = document.body): Promise<HTMLElement> {
  await user.click(within(scope).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
}

/** Clicks the button named `name` in a dialog (Save, Yes, No). */
export async function press(user: UserEvent, dialog: HTMLElement, name: string): Promise<void> {
  await user.click(within(dialog).getByRole('button', { name }));
}

/** Empties each text box (by the start of its label) and types its new value. */
export async function retype(user: UserEvent, entries: ReadonlyArray<readonly [label: string, value: string]>): Promise<void> {
  for (const [label, value] of entries) {
    await user.clear(textbox(label));
    await user.type(textbox(label), value);
  }
}

/** Saves the page's form and waits until the page is at `pathname` (the record's page, the list). */
export async function saveLandsOn(user: UserEvent, page: RenderRemoteResult, pathname: string): Promise<void> {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(page.location().pathname).toBe(pathname));
}

/**
 * A record fleet-api answers 404 for (`GET path`, outside the caller's reach): the page at `at` says
 * `text` and offers no Retry. Answers the rendered page.
 */
export async function expectNotFound(path: string, at: string, text: string): Promise<RenderRemoteResult> {
  fakeApi({ [`GET ${path}`]: refusedReply(404, 'Not found') });
  const page = renderOrganisations(at);
  expect(await screen.findByText(text)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  return page;
}

/** The form's password box (its label starts with Password; the show button beside it is not it). */
export function passwordBox(): HTMLElement {
  return screen.getByLabelText(/^Password/);
}
