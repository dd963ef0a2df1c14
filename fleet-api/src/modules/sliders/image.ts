/**
 * What a slider's image may be (spec 5, dropzone defaults narrowed to images): a .jpeg, .jpg or .png
 * name, bytes that really are a JPEG or a PNG (checked from the first bytes the storage kept), and at
 * most the dropzone's 52428800 bytes. The type served back is the one the bytes showed, never the
 * name's or the browser's.
 */
import type { UploadFormSpec } from '../../server/upload-form';
import { say } from '../../server/messages';

const IMAGE_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
const MAX_IMAGE_BYTES = 52_428_800;
const IMAGE_NAME_REFUSED = say('sliders.imageTypeRefused');
export const IMAGE_NOT_IMAGE = say('sliders.imageNotPicture');

export type ImageType = 'image/png' | 'image/jpeg';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The type the first bytes show, or null when they are neither a PNG nor a JPEG. */
export function imageTypeOf(head: Buffer): ImageType | null {
  if (head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

const SLIDER_FIELDS = ['id', 'deviceType', 'name', 'link'] as const;
export type SliderField = (typeof SLIDER_FIELDS)[number];

export const SLIDER_FORM: UploadFormSpec<SliderField, 'image'> = {
  fields: SLIDER_FIELDS,
  slots: ['image'],
  refuseFileName: (name) => (IMAGE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext)) ? null : IMAGE_NAME_REFUSED),
  maxBytes: MAX_IMAGE_BYTES,
  tooLargeMessage: say('firmware.fileTooLarge', { bytes: MAX_IMAGE_BYTES }),
  notMultipartMessage: say('sliders.formNotMultipart'),
  limits: { files: 1, fields: 8, fieldSize: 4096, parts: 9 },
};
