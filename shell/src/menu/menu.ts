// The side menu is assembled from every remote's `menu` entries, filtered by the signed-in role and
// the selected product (spec 2.11). Remotes declare; the shell enforces the role rules on top.
import type { MenuEntry, ProductKey, RemoteDescription, UserType } from '@fleet/shared-api';

/** Spec 2.11: "Only Admin sees ..." – held here too, so a remote's mistake cannot widen a menu. */
export const ADMIN_ONLY_GROUPS: readonly string[] = [
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
  group: string | null;
  entries: MenuEntry[];
}

function adminOnly(entry: MenuEntry): boolean {
  return ADMIN_ONLY_GROUPS.includes(entry.group ?? '') || ADMIN_ONLY_GROUPS.includes(entry.label);
}

export function visibleEntry(entry: MenuEntry, userType: UserType, product: ProductKey): boolean {
  if (!entry.roles.includes(userType)) return false;
  if (userType !== 'Admin' && adminOnly(entry)) return false;
  // an entry tied to product lines shows while one of them is selected
  return !entry.products || entry.products.length === 0 || entry.products.includes(product);
}

const orderOf = (entry: MenuEntry) => entry.order ?? 500;

/**
 * Ordered menu for one role: stand-alone entries and groups sorted by their (first) `order`,
 * then label; duplicates by id keep the first.
 */
export function buildMenu(descriptions: RemoteDescription[], userType: UserType, product: ProductKey): MenuGroup[] {
  const seen = new Set<string>();
  const entries: MenuEntry[] = [];
  for (const description of descriptions) {
    for (const entry of description.menu) {
      if (seen.has(entry.id) || !visibleEntry(entry, userType, product)) continue;
      seen.add(entry.id);
      entries.push(entry);
    }
  }
  entries.sort((a, b) => orderOf(a) - orderOf(b) || a.label.localeCompare(b.label));

  const groups: MenuGroup[] = [];
  const byName = new Map<string, MenuGroup>();
  for (const entry of entries) {
    if (!entry.group) {
      groups.push({ group: null, entries: [entry] });
      continue;
    }
    let group = byName.get(entry.group);
    if (!group) {
      group = { group: entry.group, entries: [] };
      byName.set(entry.group, group);
      groups.push(group);
    }
    group.entries.push(entry);
  }
  return groups;
}
