/**
 * The home-page slides of the customer apps (spec 7, Sliders), one list per product line
 * (electricity advisor = ihd, livelink, safelink, airlink): a name, a link and an image. The rules of
 * spec 5 (name required, link a valid http/https URL, image required) are checked here, with its
 * messages, before anything is stored. Images live in a storage (the firmware storage's interface)
 * under generated keys and are shown through signed, expiring links.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { Db } from '../../db';
import { badRequest } from '../../server/errors';
import { filterBy, buildListing, type ListInfo, type ListQuery, type ListSpec, pagedList } from '../../server/listing';
import { ISO, SqlParams, whereClause } from '../../server/sql';
import { NullableInt, NullableText } from '../../server/schemas';
import { say } from '../../server/messages';

const SLIDER_DEVICE_TYPES = ['ihd', 'livelink', 'safelink', 'airlink'] as const;
export type SliderDeviceType = (typeof SLIDER_DEVICE_TYPES)[number];
export const DEVICE_TYPE_MESSAGE = say('fields.oneOf', { field: 'deviceType', values: SLIDER_DEVICE_TYPES.join(', ') });

const NAME_REQUIRED = say('fields.nameRequired');
const NAME_TOO_LONG = say('sliders.nameTooLong');
const LINK_INVALID = say('sliders.linkInvalid');
export const IMAGE_REQUIRED = say('sliders.imageRequired');
export const SLIDER_NOT_FOUND = say('sliders.notFound');

/** The sliders table names the product as the console's routes do (electricity-advisor for ihd). */
export const productKeyOf = (deviceType: SliderDeviceType): string => (deviceType === 'ihd' ? 'electricity-advisor' : deviceType);
const PRODUCT_SQL = `CASE s.product_key WHEN 'electricity-advisor' THEN 'ihd' ELSE s.product_key END`;

export function isSliderDeviceType(value: string): value is SliderDeviceType {
  return (SLIDER_DEVICE_TYPES as readonly string[]).includes(value);
}

export const DeviceTypeQuery = Type.Unsafe<SliderDeviceType>({ type: 'string', enum: [...SLIDER_DEVICE_TYPES], errorMessage: DEVICE_TYPE_MESSAGE });

/** Spec 5 shared patterns: http or https, something after the scheme, no spaces; and a URL a browser reads. */
function isWebLink(text: string): boolean {
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text) || text.length > 2000) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface SliderText {
  name: string;
  link: string;
}

/** The text fields of the form, trimmed, by spec 5's rules. */
export function checkSliderText(name: string | undefined, link: string | undefined): SliderText {
  const cleanName = (name ?? '').trim();
  if (cleanName === '') throw badRequest(NAME_REQUIRED);
  if (cleanName.length > 199) throw badRequest(NAME_TOO_LONG);
  const cleanLink = (link ?? '').trim();
  if (!isWebLink(cleanLink)) throw badRequest(LINK_INVALID);
  return { name: cleanName, link: cleanLink };
}

export const Slider = Type.Object({
  id: Type.Integer(),
  deviceType: Type.String(),
  name: Type.String(),
  link: Type.String(),
  /** A signed link to the image, valid for an hour (null for a slide without one). */
  image_url: NullableText,
  image_name: NullableText,
  image_bytes: NullableInt,
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type SliderInfo = Static<typeof Slider>;

export interface SliderRow {
  id: number;
  deviceType: SliderDeviceType;
  name: string;
  link: string | null;
  image_key: string | null;
  image_type: string | null;
  image_name: string | null;
  image_bytes: number | null;
  created_at: string;
  updated_at: string;
}

const SLIDER_COLUMNS = `s.id::int AS id, ${PRODUCT_SQL} AS "deviceType", s.name, s.link, s.image_key, s.image_type, s.image_name,
  s.image_bytes, ${ISO('s.created_at')} AS created_at, ${ISO('s.updated_at')} AS updated_at`;

const LIST: ListSpec = {
  sortable: { created_at: 's.created_at', name: 'lower(s.name)', updated_at: 's.updated_at' },
  filters: { name: filterBy.text('s.name'), link: filterBy.text('s.link') },
};

export async function listSliders(db: Db, deviceType: SliderDeviceType | undefined, query: ListQuery): Promise<ListInfo<SliderRow>> {
  const params = new SqlParams();
  const conditions = deviceType ? [`s.product_key = ${params.add(productKeyOf(deviceType))}`] : [];
  const listing = buildListing(query, LIST, params, 's.id');
  const where = whereClause([...conditions, ...listing.conditions]);
  return pagedList<SliderRow>(db, listing, params, SLIDER_COLUMNS, `FROM sliders s ${where}`);
}

/** One slide; with a device type, only that line's (another line's id is not found). */
export async function findSlider(db: Db, id: number, deviceType?: SliderDeviceType): Promise<SliderRow | null> {
  const { rows } = await db.query<SliderRow>(`SELECT ${SLIDER_COLUMNS} FROM sliders s WHERE s.id = $1 AND ($2::text IS NULL OR s.product_key = $2)`, [
    id,
    deviceType ? productKeyOf(deviceType) : null,
  ]);
  return rows[0] ?? null;
}
