// The side menu is assembled from every remote's `menu` entries, filtered by the signed-in role (spec
// 2.11). Remotes declare; the shell enforces the role rules on top. The selected product never hides
// an entry: a new operator finds every area of the role, and a screen that needs one product line
// asks for it in place (docs/architecture.md, "The remote contract").
import type { Language, MenuEntry, MenuGroup as MenuGroupRef, MenuLabels, RemoteDescription, UserType } from '@fleet/shared-api';

/** Spec 2.11: "Only Admin sees ..." – held here too, so a remote's mistake cannot widen a menu. */
const ADMIN_ONLY_GROUPS: readonly string[] = [
  'Manage Firmwares',
  'Tariffs',
  'Electricity Retailers',
  'Suppression List',
  'Sliders',
  'Manage Agencies',
  'Manage Electricians',
];

export interface MenuGroup {
  /** null for entries that stand alone at the top level */
  group: MenuGroupRef | null;
  entries: MenuEntry[];
}

/**
 * The words of a description in `language`. A description is data from another deploy: one written
 * before labels (`label`, English only) still shows its English words rather than nothing.
 */
function wordsOf(labels: MenuLabels | undefined, language: Language, legacy: unknown, fallback: string): string {
  const words = labels as Partial<MenuLabels> | undefined;
  const chosen = words?.[language] ?? words?.en ?? legacy;
  return typeof chosen === 'string' && chosen !== '' ? chosen : fallback;
}

export function entryLabel(entry: MenuEntry, language: Language): string {
  return wordsOf(entry.labels, language, (entry as { label?: unknown }).label, entry.id);
}

export function groupLabel(group: MenuGroupRef, language: Language): string {
  return wordsOf(group.labels, language, undefined, group.name);
}

/** The group's identity; an old description named its group by a plain string. */
function groupOf(entry: MenuEntry): MenuGroupRef | null {
  const group = entry.group as MenuGroupRef | string | undefined;
  if (!group) return null;
  return typeof group === 'string' ? { name: group, labels: { en: group, hi: group } } : group;
}

function adminOnly(entry: MenuEntry): boolean {
  return ADMIN_ONLY_GROUPS.includes(groupOf(entry)?.name ?? '') || ADMIN_ONLY_GROUPS.includes(entryLabel(entry, 'en'));
}

function visibleEntry(entry: MenuEntry, userType: UserType): boolean {
  if (!entry.roles.includes(userType)) return false;
  return userType === 'Admin' || !adminOnly(entry);
}

const orderOf = (entry: MenuEntry) => entry.order ?? 500;

/**
 * Ordered menu for one role: stand-alone entries and groups sorted by their (first) `order`, then
 * English label. Duplicates by id keep the first, and so do entries of the same path: two remotes
 * own `/admin/dashboard` for different products, the menu has one Dashboard.
 */
export function buildMenu(descriptions: RemoteDescription[], userType: UserType): MenuGroup[] {
  const seen = new Set<string>();
  const entries: MenuEntry[] = [];
  for (const description of descriptions) {
    for (const entry of description.menu) {
      const path = entry.path.toLowerCase();
      if (seen.has(entry.id) || seen.has(path) || !visibleEntry(entry, userType)) continue;
      seen.add(entry.id);
      seen.add(path);
      entries.push(entry);
    }
  }
  entries.sort((a, b) => orderOf(a) - orderOf(b) || entryLabel(a, 'en').localeCompare(entryLabel(b, 'en')));

  const groups: MenuGroup[] = [];
  const byName = new Map<string, MenuGroup>();
  for (const entry of entries) {
    const ref = groupOf(entry);
    if (!ref) {
      groups.push({ group: null, entries: [entry] });
      continue;
    }
    let group = byName.get(ref.name);
    if (!group) {
      group = { group: ref, entries: [] };
      byName.set(ref.name, group);
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}
