// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemoteSync, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { CustomersRoutes } from './CustomersRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderCustomers(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<CustomersRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** Empties a box and types its new value. */
export async function retype(user: UserEvent, box: HTMLElement, value: string): Promise<void> {
  await user.clear(box);
  await user.type(box, value);
}

/** Clicks the button named `button` (in `scope`, the page by default) and finds the dialog it opens. */
export async function openDialog(user: UserEvent, button: string, dialog: string = button, scope: HTMLElement = document.body): Promise<HTMLElement> {
  await user.click(within(scope).getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: dialog });
}

/** Clicks the button named `name` in a dialog (Add, Update, Yes). */
export async function press(user: UserEvent, dialog: HTMLElement, name: string): Promise<void> {
  await user.click(within(dialog).getByRole('button', { name }));
}
