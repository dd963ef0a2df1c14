// Constants federation-config defines in every build (webpack DefinePlugin). Add
// `"@fleet/federation-config/globals"` to a package's tsconfig `types` to use them.
declare global {
  /** In a remote: its registry name. */
  const FLEET_REMOTE_NAME: string;
  /** In a remote: its package.json version. */
  const FLEET_REMOTE_VERSION: string;
  /** In a remote: the ranges its package.json declares for the shared singletons. */
  const FLEET_REQUIRES: Record<string, string>;
  /** In a remote: true when built with `--env standalone` (its own page). */
  const FLEET_STANDALONE: boolean;
  /** In the shell: the versions of the shared singletons it provides. */
  const FLEET_SHARED_VERSIONS: Record<string, string>;
}
export {};
