// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemoteSync, type RenderRemoteResult } from '@fleet/shared-ui/testing';
import { screen } from '@testing-library/react';
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
