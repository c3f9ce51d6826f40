import { createStore } from 'zustand/vanilla';
import { bound } from './bound';
import type { NavEntry } from '@platform/contracts';
import type { Role } from './session';

/**
 * The site as the deployed modules make it, from the remotes manifest (the module descriptors): navbar
 * and footer links, and where each role's Dashboard leads. The shell fills it at start; a module whose
 * pages are not deployed is not linked to.
 */
export interface SiteMap {
  navigation: NavEntry[];
  footer: NavEntry[];
  dashboards: Partial<Record<Role, string>>;
}

export const siteMapStore = createStore<SiteMap>(() => ({ navigation: [], footer: [], dashboards: {} }));
export const useSiteMap = bound(siteMapStore);

/** A link's label in the page's language, English when a language is missing. */
export function navLabel(entry: NavEntry, language: string): string {
  return (entry.label as Record<string, string>)[language] ?? entry.label.en;
}
