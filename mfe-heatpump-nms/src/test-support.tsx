// This remote's tests: the kit's test support (@fleet/shared-ui/testing) with its routes.
import { renderRemoteSync, type Handler, type RenderRemoteResult, type Reply } from '@fleet/shared-ui/testing';
import { act, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { HeatPumpRoutes } from './HeatPumpRoutes';

export * from '@fleet/shared-ui/testing';

/** Renders this remote's routes at `path` (query string allowed), as the shell would mount it. */
export function renderHeatPump(path: string, options: { fallback?: ReactNode } = {}): RenderRemoteResult {
  return renderRemoteSync(<HeatPumpRoutes fallback={options.fallback ?? <p>Screen of another remote</p>} />, path);
}

/** Renders `path` and clicks the button named `button`: the dialog it opens, named `title`. */
export async function openDialog(path: string, button: string, title: string): Promise<HTMLElement> {
  renderHeatPump(path);
  await userEvent.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

/** Clicks the dialog's Save. */
export const saveIn = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

/** Each of `texts` shows in `element` (the messages of a form saved empty). */
export async function expectTexts(element: HTMLElement, texts: string[]): Promise<void> {
  for (const text of texts) expect(await within(element).findByText(text)).toBeInTheDocument();
}

/** A refusal of fleet-api: `status` with its message. */
export const refusal = (status: number, message: string): Reply => ({ status, body: { status: false, message } });

/** A route that answers `first` to its first call and `then` to every later one (what changed elsewhere meanwhile). */
export function firstThen(first: Reply, then: Reply): Handler {
  let answered = 0;
  return () => (++answered === 1 ? first : then);
}

/** Runs `check` with the page in Hindi, then back in English. */
export async function inHindi(check: () => Promise<void>): Promise<void> {
  await act(async () => {
    await i18next.changeLanguage('hi');
  });
  try {
    await check();
  } finally {
    await act(async () => {
      await i18next.changeLanguage('en');
    });
  }
}
