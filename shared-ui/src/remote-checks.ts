// The checks every remote runs on its own kit parts (docs/new-remote.md): its `./app` lifecycles, its
// text bundles, its description. Each remote's test file gives the table; the checks are written once.
// Part of @fleet/shared-ui/testing (jest only).
import type { ProductKey, RemoteDescription, UserType } from '@fleet/shared-api';
import i18next from 'i18next';
import path from 'node:path';
import {
  expectMountsAndUnmounts,
  expectRemoteContract,
  expectSameTexts,
  expectSentToLogin,
  fakeApi,
  resetPage,
  signInAs,
  type Handler,
  type LifecycleCheck,
  type RemoteLifecycles,
} from './testing';

/** Who is signed in before a check: a role, or the remote's own sign-in (a named Admin). */
export type SignIn = UserType | { as: UserType; product?: ProductKey } | (() => void);

function signIn(who: SignIn | undefined): void {
  if (who === undefined) return;
  if (typeof who === 'function') who();
  else if (typeof who === 'string') signInAs(who);
  else signInAs(who.as, { product: who.product });
}

export interface RemoteAppCheck {
  /** The screen mounted, its heading and the namespace bootstrap must add again; who sees it and the answers it reads. */
  mounts: LifecycleCheck & { signIn: SignIn; api: Record<string, Handler> };
  /** A path of this remote the signed-in role may not open: it is sent to /login, nothing is shown. */
  sentToLogin: { signIn?: SignIn; path: string; title?: string };
}

/**
 * The lifecycles of a remote's `./app` (single-spa, as the shell mounts it): bootstrap adds the
 * remote's texts, mount shows the screen of the URL, unmount leaves the element empty; a role without
 * access is sent to /login.
 */
export function describeRemoteApp<Props>(app: RemoteLifecycles<Props>, name: string, { mounts, sentToLogin }: RemoteAppCheck): void {
  describe('./app lifecycles', () => {
    beforeEach(resetPage);

    it('bootstraps its i18n bundles, mounts the screen of the URL into props.domElement, and unmounts cleanly', async () => {
      signIn(mounts.signIn);
      fakeApi(mounts.api);
      await expectMountsAndUnmounts(app, name, mounts);
    });

    it(sentToLogin.title ?? 'sends a role without access to /login and renders nothing on paths of other remotes', async () => {
      signIn(sentToLogin.signIn);
      await expectSentToLogin(app, name, sentToLogin.path);
    });
  });
}

/** A text of a bundle as the spec words it: key, text, and the values of its placeholders. */
export type SpecText = readonly [key: string, text: string, values?: Record<string, unknown>];

const row = ([key, text, values]: SpecText) => ({ key, text, values });

export interface TextBundlesCheck {
  en: object;
  hi: object;
  /** English texts the spec words exactly. */
  english: readonly SpecText[];
  /** Hindi texts checked as the page shows them. */
  hindi?: readonly SpecText[];
}

/**
 * A remote's text bundles: the spec's English to the letter, and a Hindi bundle with every key of
 * English and the same {{placeholders}} (a key missing in `hi` fails, naming it).
 */
export function describeTextBundles(namespace: string, { en, hi, english, hindi = [] }: TextBundlesCheck): void {
  describe(`${namespace} bundles`, () => {
    it.each(english.map(row))('holds the spec text $key exactly in English: $text', ({ key, text, values }) => {
      expect(i18next.getFixedT('en', namespace)(key, values)).toBe(text);
    });

    it('Hindi has every key of English, with the same placeholders (a missing key fails here)', () => {
      expectSameTexts(en, hi);
    });

    if (hindi.length > 0) {
      it.each(hindi.map(row))('shows $key in Hindi: $text', ({ key, text, values }) => {
        expect(i18next.getFixedT('hi', namespace)(key, values)).toBe(text);
      });
    }
  });
}

/**
 * The remote contract of a `description.ts` (expectRemoteContract): the package's name and version,
 * shared singletons at its ranges, imports of types and the route table helpers only, menus in every
 * language. `srcDir` is the folder of description.ts (the test's __dirname).
 */
export function itKeepsRemoteContract(description: RemoteDescription, srcDir: string): void {
  it('keeps the remote contract (name and version of package.json, shared singletons at its ranges, imports of types and the route table helpers only, menus in every language)', () => {
    expectRemoteContract(description, path.join(srcDir, '..'));
  });
}
