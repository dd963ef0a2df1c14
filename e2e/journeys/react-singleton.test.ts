// One copy of react and react-dom for the whole page: the shell and every mounted remote render with
// the same renderer (ARCHITECTURE.md, shared singletons).
import { chromiumPerFile, journey } from '../support/browser';
import { countReactCopies, installReactCounter } from '../support/react-copies';
import { signIn } from '../support/sign-in';

const browser = chromiumPerFile();

describe('shared singletons', () => {
  test('after sign-in the page holds exactly one react and one react-dom, shell and remote alike', () =>
    journey(browser(), async ({ context, page }) => {
      await installReactCounter(context);
      await signIn(page, 'admin@demo.test');
      // a page where the shell and the mfe-auth remote are both rendered
      await page.goto('/admin/profile');
      await page.getByRole('heading', { name: 'Admin Profile' }).waitFor();

      const copies = await countReactCopies(page);
      // two React roots at least (the shell's and the remote's), so the check is not vacuous
      expect(copies.rootContainers).toBeGreaterThanOrEqual(2);
      expect(copies.rendererCount).toBe(1);
      expect(copies.reactInternalsCount).toBe(1);
      expect(copies.domKeys).toBe(1);
      expect(copies.sharedLoaded.react).toHaveLength(1);
      expect(copies.sharedLoaded['react-dom']).toHaveLength(1);
      // and every other shared singleton (router, emotion, shared-ui, shared-api...) is loaded once
      for (const [pkg, loaded] of Object.entries(copies.sharedLoaded)) expect([pkg, loaded.length]).toEqual([pkg, 1]);
    }));
});
