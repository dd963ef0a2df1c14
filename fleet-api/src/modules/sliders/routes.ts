/**
 * Slider calls (spec 7, Sliders; docs/organisation-calls.md): the slides of a product line for Admin's
 * screens and for the customer apps (Customer, User), Admin's add and update (multipart: deviceType,
 * name, link, image) and delete, and the image itself behind a signed, expiring link (an <img> sends
 * no bearer token). An upload streams into the storage's staging area; the row is written and the file
 * committed in one transaction; any refusal keeps nothing.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { only, PUBLIC } from '../../policy/roles';
import { nowSeconds, type ModuleOptions } from '../../server/context';
import { ApiError, badRequest, notFound } from '../../server/errors';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { DownloadSigner, signedLinkSchema } from '../../server/signed-links';
import { discardOnFailure, multipartRoutes, persistForm, readUploadForm, sweepLeftovers, type UploadForm } from '../../server/upload-form';
import { IMAGE_NOT_IMAGE, imageTypeOf, SLIDER_FORM, type SliderField } from './image';
import {
  checkSliderText,
  DEVICE_TYPE_MESSAGE,
  DeviceTypeQuery,
  findSlider,
  IMAGE_REQUIRED,
  isSliderDeviceType,
  listSliders,
  productKeyOf,
  Slider,
  SLIDER_NOT_FOUND,
  type SliderDeviceType,
  type SliderInfo,
  type SliderRow,
} from './sliders';
import { say } from '../../server/messages';

const ADMIN = only('Admin');
/** Admin's screens, and the customer apps' home page (the signed-in app user: Customer or User). */
const READERS = only('Admin', 'Customer', 'User');
const IMAGE_SLOT = 'image';

type SliderForm = UploadForm<SliderField, 'image'>;

const schema = routeSchema('Sliders');

function deviceTypeOf(form: SliderForm): SliderDeviceType {
  const value = (form.fields.deviceType ?? '').trim();
  if (!isSliderDeviceType(value)) throw badRequest(DEVICE_TYPE_MESSAGE);
  return value;
}

export const sliderRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const storage = ctx.files.sliders;
  const uploadIdleMs = ctx.config.uploadIdleTimeoutMs;
  await sweepLeftovers(storage, uploadIdleMs, app.log, 'slider images');
  const signer = new DownloadSigner(ctx.otpKey, '/api/homepage/slider/image', 'fleet-api slider images');

  const present = (row: SliderRow): SliderInfo => ({
    id: row.id,
    deviceType: row.deviceType,
    name: row.name,
    link: row.link ?? '',
    image_url: row.image_key ? signer.link(row.id, IMAGE_SLOT, row.image_key, nowSeconds(ctx)) : null,
    image_name: row.image_name,
    image_bytes: row.image_bytes,
    created_at: row.created_at,
    updated_at: row.updated_at,
  });

  /** The form's image, checked to be what its name says; null when none was sent. */
  function imageOf(form: SliderForm) {
    const image = form.files.image;
    if (!image) return null;
    const type = imageTypeOf(image.staged.head);
    if (!type) throw badRequest(IMAGE_NOT_IMAGE);
    return { ...image, type };
  }

  app.get(
    '/api/homepage/slider',
    {
      config: { access: READERS },
      schema: { ...schema("A product line's slides (all lines without deviceType), newest first", ListInfoSchema(Slider), 400), querystring: Strict({ ...listQueryProperties, deviceType: Type.Optional(DeviceTypeQuery) }) },
    },
    async (request) => {
      const page = await listSliders(db, request.query.deviceType, request.query);
      return { status: true, message: say('titles.sliders'), info: { ...page, data: page.data.map(present) } };
    },
  );

  app.delete(
    '/api/homepage/slider',
    { config: { access: ADMIN }, schema: { ...schema('Delete a slide and its image', null, 400, 404), querystring: Strict({ id: IdField, deviceType: Type.Optional(DeviceTypeQuery) }) } },
    async (request) => {
      const { id, deviceType } = request.query;
      const key = await db.transaction(async (tx) => {
        const row = await findSlider(tx, id, deviceType);
        if (!row) throw notFound(SLIDER_NOT_FOUND);
        await tx.query('DELETE FROM sliders WHERE id = $1', [id]);
        return row.image_key;
      });
      // after the commit: a failed delete keeps the image its row still names
      if (key) await storage.remove(key).catch((err: unknown) => request.log.warn({ err, key }, 'slider image not removed'));
      return { status: true, message: say('sliders.deleted') };
    },
  );

  app.get(
    '/api/homepage/slider/image/:id/:slot',
    {
      config: { access: PUBLIC },
      schema: signedLinkSchema('Sliders', "A slide's image (signed, expiring link; no bearer)", [IMAGE_SLOT], 'The image bytes (image/png or image/jpeg)'),
    },
    async (request, reply) => {
      const { id, slot } = request.params;
      const row = await findSlider(db, id);
      if (!row?.image_key || !row.image_type) throw notFound(say('sliders.imageNotFound'));
      const verdict = signer.check(id, slot, row.image_key, request.query.expires, request.query.signature, nowSeconds(ctx));
      if (verdict === 'bad') throw new ApiError(403, say('links.imageInvalid'));
      if (verdict === 'expired') throw new ApiError(403, say('links.imageExpired'));
      const stored = await storage.open(row.image_key);
      if (!stored) throw notFound(say('sliders.imageNotFound'));
      return reply
        .header('content-type', row.image_type)
        .header('content-length', String(stored.sizeBytes))
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=3600')
        .send(stored.stream);
    },
  );

  // The multipart parser reads only these forms (the add and update).
  await multipartRoutes(app, (typed) => {

    typed.post(
      '/api/homepage/slider',
      { config: { access: ADMIN }, schema: { ...schema('Add a slide (multipart: deviceType, name, link, image)', Slider, 400, 413), consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const form = await readUploadForm(request, reply, storage, uploadIdleMs, SLIDER_FORM);
        return discardOnFailure(storage, form, async () => {
          const deviceType = deviceTypeOf(form);
          const text = checkSliderText(form.fields.name, form.fields.link);
          const image = imageOf(form);
          if (!image) throw badRequest(IMAGE_REQUIRED);
          const id = await persistForm(db, storage, form, async (tx, { image: key = null }) => {
            const { rows } = await tx.query<{ id: number }>(
              `INSERT INTO sliders (product_key, name, link, image_key, image_type, image_name, image_bytes) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::int AS id`,
              [productKeyOf(deviceType), text.name, text.link, key, image.type, image.fileName, image.staged.sizeBytes],
            );
            const added = rows[0]?.id;
            if (added === undefined) throw new Error('sliders insert returned no id');
            return added;
          });
          const row = await findSlider(db, id);
          if (!row) throw notFound(SLIDER_NOT_FOUND);
          return { status: true, message: say('sliders.added'), info: present(row) };
        });
      },
    );

    typed.post(
      '/api/homepage/slider/update',
      { config: { access: ADMIN }, schema: { ...schema('Update a slide (multipart: id, deviceType, name, link, image when replaced)', Slider, 400, 404, 413), consumes: ['multipart/form-data'] } },
      async (request, reply) => {
        const form = await readUploadForm(request, reply, storage, uploadIdleMs, SLIDER_FORM);
        return discardOnFailure(storage, form, async () => {
          const id = Number((form.fields.id ?? '').trim());
          if (!Number.isInteger(id) || id < 1 || id > 2147483647) throw badRequest(say('fields.idInvalid'));
          const deviceType = deviceTypeOf(form);
          const text = checkSliderText(form.fields.name, form.fields.link);
          const image = imageOf(form);
          const replaced = await persistForm(db, storage, form, async (tx, { image: key = null }) => {
            const row = await findSlider(tx, id, deviceType);
            if (!row) throw notFound(SLIDER_NOT_FOUND);
            await tx.query(
              `UPDATE sliders SET name = $2, link = $3, image_key = coalesce($4, image_key), image_type = coalesce($5, image_type),
                      image_name = coalesce($6, image_name), image_bytes = coalesce($7, image_bytes), updated_at = now() WHERE id = $1`,
              [id, text.name, text.link, key, image?.type ?? null, image?.fileName ?? null, image?.staged.sizeBytes ?? null],
            );
            return key ? row.image_key : null;
          });
          if (replaced) await storage.remove(replaced).catch((err: unknown) => request.log.warn({ err, key: replaced }, 'replaced slider image not removed'));
          const row = await findSlider(db, id);
          if (!row) throw notFound(SLIDER_NOT_FOUND);
          return { status: true, message: say('sliders.updated'), info: present(row) };
        });
      },
    );
  });
};
