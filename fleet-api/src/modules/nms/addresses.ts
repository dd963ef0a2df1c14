/**
 * Address suggestions for the multi-site forms (spec: an autocomplete restricted to one country, by a
 * maps service whose key comes from configuration). One interface, two sources: the maps service when
 * MAPS_API_KEY is set, else the fleet's own addresses the caller may see (its properties, sites and
 * companies) and the fleet's postcodes (suburb, state and postcode only: no one's street).
 */
import type { Db } from '../../db';
import type { Caller } from '../../policy/roles';
import { scopeFor } from '../../policy/scope';
import { SqlParams } from '../../server/sql';

interface AddressSuggestion {
  label: string;
  source: 'maps' | 'fleet' | 'postcode';
}

export interface AddressSuggester {
  suggest(caller: Caller, text: string, limit: number): Promise<AddressSuggestion[]>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

class FleetAddresses implements AddressSuggester {
  constructor(private readonly db: Db) {}

  async suggest(caller: Caller, text: string, limit: number): Promise<AddressSuggestion[]> {
    const params = new SqlParams();
    const like = params.add(`%${escapeLike(text.trim())}%`);
    const property = `trim(concat_ws(' ', p.unit_number, p.street_number, p.street, p.street_type, p.city, p.state, p.postal_code))`;
    const { rows } = await this.db.query<{ label: string; source: 'fleet' | 'postcode' }>(
      `SELECT label, source FROM (
         SELECT DISTINCT ${property} AS label, 'fleet' AS source FROM properties p WHERE ${property} ILIKE ${like} AND (${scopeFor(caller).properties('p', params)})
         UNION SELECT DISTINCT s.site_address, 'fleet' FROM sites s WHERE s.site_address ILIKE ${like} AND (${scopeFor(caller).sites('s', params)})
         UNION SELECT DISTINCT c.company_address, 'fleet' FROM multi_site_companies c WHERE c.company_address ILIKE ${like} AND (${scopeFor(caller).companies('c', params)})
         UNION SELECT DISTINCT trim(concat_ws(' ', upper(p.city), p.state, p.postal_code)), 'postcode' FROM properties p
                WHERE p.postal_code IS NOT NULL AND concat_ws(' ', p.city, p.state, p.postal_code) ILIKE ${like}
       ) found WHERE label IS NOT NULL AND label <> ''
       ORDER BY source, label LIMIT ${params.add(limit)}`,
      params.values,
    );
    return rows;
  }
}

export interface MapsSettings {
  key: string;
  /** ISO 3166-1 alpha-2, the one country addresses are from (spec). */
  country: string;
}

/** The maps service's place autocomplete (Google Places API), restricted to one country. */
class MapsAddresses implements AddressSuggester {
  constructor(
    private readonly settings: MapsSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async suggest(_caller: Caller, text: string, limit: number): Promise<AddressSuggestion[]> {
    const url = new URL('https://maps.googleapis.com/maps/api/place/autocomplete/json');
    url.searchParams.set('input', text);
    url.searchParams.set('types', 'address');
    url.searchParams.set('components', `country:${this.settings.country}`);
    url.searchParams.set('key', this.settings.key);
    const res = await this.fetchImpl(url, { signal: AbortSignal.timeout(3000) });
    if (!res.ok) return [];
    const body = (await res.json()) as { predictions?: Array<{ description?: unknown }> };
    return (body.predictions ?? [])
      .map((p) => (typeof p.description === 'string' ? p.description : ''))
      .filter((label) => label !== '')
      .slice(0, limit)
      .map((label) => ({ label, source: 'maps' as const }));
  }
}

/** The maps service when configured; if it fails or finds nothing, the fleet's own addresses. */
export function addressSuggester(db: Db, maps: MapsSettings | null, fetchImpl?: typeof fetch): AddressSuggester {
  const fleet = new FleetAddresses(db);
  if (!maps) return fleet;
  const service = new MapsAddresses(maps, fetchImpl);
  return {
    async suggest(caller, text, limit) {
      const found = await service.suggest(caller, text, limit).catch(() => []);
      return found.length > 0 ? found : fleet.suggest(caller, text, limit);
    },
  };
}
