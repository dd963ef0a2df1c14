/**
 * Firmware files and OTA packs (docs/ota-calls.md, Firmwares). Uploads stream into the storage's
 * staging area (md5 computed on the way), the form is validated, then the rows are written in one
 * transaction and the staged files renamed to generated keys; any failure removes what was written.
 * A single firmware keeps its file on the firmwares row; an OTA pack (heat_pump, ota_type multiple)
 * keeps its three files as firmware_files rows (slots ota_file, mcu56, mcu62).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PUBLIC } from '../../policy/roles';
import { ApiError, notFound } from '../../server/errors';
import { listQueryProperties, ListInfoSchema } from '../../server/listing';
import { IdField, routeSchema, Strict } from '../../server/schemas';
import { nowSeconds, type ModuleOptions } from '../../server/context';
import { ADMIN, adminOfType, oneRow, pageOfType } from '../ota/common';
import { DeviceTypeField } from '../ota/device-types';
import { DownloadSigner, signedLinkSchema } from '../../server/signed-links';
import { discardOnFailure, multipartRoutes, persistForm, sweepLeftovers } from '../../server/upload-form';
import { FILE_SLOTS, readFirmwareForm, type FileSlot } from './upload';
import { FIRMWARE_COLUMNS, FIRMWARE_LIST, Firmware, type FileRow, type FirmwareInfo, type FirmwareRow, PACK_SLOTS } from './firmwares';
import { checkFiles, readInput, requireUniqueVersion, text, uniqueAsConflict } from './form';
import { say } from '../../server/messages';

const firmware = adminOfType('Firmware');

export const firmwareRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const storage = ctx.files.firmware;
  const uploadIdleMs = ctx.config.uploadIdleTimeoutMs;
  // Leftovers of uploads cut by a crash.
  await sweepLeftovers(storage, uploadIdleMs, app.log, 'firmware files');
  const signer = new DownloadSigner(ctx.otpKey);

  async function present(rows: FirmwareRow[]): Promise<FirmwareInfo[]> {
    const ids = rows.filter((r) => r.ota_type === 'multiple').map((r) => r.id);
    const files = ids.length
      ? (
          await db.query<FileRow>(
            `SELECT firmware_id, slot, file_name, storage_key, size_bytes, md_5_value FROM firmware_files
              WHERE firmware_id = ANY($1::bigint[]) ORDER BY firmware_id, array_position(ARRAY['ota_file','mcu56','mcu62'], slot)`,
            [ids],
          )
        ).rows
      : [];
    const now = nowSeconds(ctx);
    return rows.map((r) => {
      const own = files.filter((f) => f.firmware_id === r.id);
      const main = r.ota_type === 'single' ? r : own.find((f) => f.slot === 'ota_file');
      const mainSlot = r.ota_type === 'single' ? 'file' : 'ota_file';
      return {
        id: r.id,
        device_type: r.device_type,
        ota_type: r.ota_type,
        file_name: main?.file_name ?? null,
        download_link: main?.storage_key ? signer.link(r.id, mainSlot, main.storage_key, now) : null,
        version: r.version,
        mcu_version: r.mcu_version,
        md_5_value: main?.md_5_value ?? null,
        auto_update_message: r.auto_update_message,
        manual_update_message: r.manual_update_message,
        size_bytes: main?.size_bytes ?? null,
        created_at: r.created_at,
        ota_files: own.map((f) => ({
          key: f.slot,
          file_name: f.file_name,
          download_link: signer.link(r.id, f.slot, f.storage_key, now),
          md_5_value: f.md_5_value,
          size_bytes: f.size_bytes,
        })),
      };
    });
  }

  async function readFirmware(id: number): Promise<FirmwareInfo> {
    const row = await oneRow<FirmwareRow>(db, `SELECT ${FIRMWARE_COLUMNS} FROM firmwares f WHERE f.id = $1`, [id], say('firmware.notFound'));
    const [info] = await present([row]);
    if (!info) throw notFound(say('firmware.notFound'));
    return info;
  }

  app.get(
    '/api/ota/get',
    {
      config: { access: ADMIN },
      schema: {
        ...routeSchema('Firmware')('Firmware files of a device type', ListInfoSchema(Firmware), 400),
        querystring: Strict({
          ...listQueryProperties,
          deviceType: Type.Optional(DeviceTypeField),
          ota_type: Type.Optional(Type.Unsafe<'single' | 'multiple'>({ type: 'string', enum: ['single', 'multiple'], errorMessage: say('firmware.otaTypeInvalid') })),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const line = q.deviceType ?? 'livelink';
      const page = await pageOfType<FirmwareRow>(db, line, q, {
        spec: FIRMWARE_LIST,
        alias: 'f',
        from: 'firmwares f',
        columns: FIRMWARE_COLUMNS,
        // The pack/single selector exists for heat pumps only; other types are all single.
        extra: (params) => (q.ota_type && line === 'heat_pump' ? [`f.ota_type = ${params.add(q.ota_type)}`] : []),
      });
      return { status: true, message: say('titles.firmwares'), info: { ...page, data: await present(page.data) } };
    },
  );

  app.get(
    '/api/ota/firmware-versions',
    firmware.query('Firmware versions of a device type (the version selects)', Type.Array(Type.Object({ version: Type.String() })), {}, 400),
    async (request) => {
      const { rows } = await db.query<{ version: string }>(
        `SELECT version FROM firmwares WHERE product_line = $1
          ORDER BY fleet_version_key(version) DESC, version DESC`,
        [request.query.deviceType],
      );
      return { status: true, message: say('titles.firmwareVersions'), info: rows };
    },
  );

  app.get(
    '/api/ota/running-versions',
    firmware.query(
      'Versions the devices of a device type run, with their device counts, and uploaded firmware versions (the version pickers)',
      Type.Array(Type.Object({ version: Type.String(), devices: Type.Integer(), uploaded: Type.Boolean() })),
      {},
      400,
    ),
    async (request) => {
      const { rows } = await db.query<{ version: string; devices: number; uploaded: boolean }>(
        `SELECT v.version, COALESCE(r.devices, 0)::int AS devices, (f.version IS NOT NULL) AS uploaded
           FROM (SELECT firmware_version AS version FROM devices WHERE product_line = $1 AND firmware_version IS NOT NULL
                 UNION SELECT version FROM firmwares WHERE product_line = $1) v
           LEFT JOIN (SELECT firmware_version AS version, count(*) AS devices FROM devices
                       WHERE product_line = $1 AND firmware_version IS NOT NULL GROUP BY firmware_version) r ON r.version = v.version
           LEFT JOIN firmwares f ON f.product_line = $1 AND f.version = v.version
          ORDER BY fleet_version_key(v.version) DESC, v.version DESC`,
        [request.query.deviceType],
      );
      return { status: true, message: say('titles.versions'), info: rows };
    },
  );

  app.delete(
    '/api/ota/delete',
    firmware.body('Delete a firmware and its files', null, { ota_id: IdField }, 400, 404),
    async (request) => {
      const { ota_id: id, deviceType } = request.body;
      const keys = await db.transaction(async (tx) => {
        const row = await oneRow<{ storage_key: string | null }>(
          tx,
          'SELECT storage_key FROM firmwares WHERE id = $1 AND product_line = $2 FOR UPDATE',
          [id, deviceType],
          say('firmware.notFound'),
        );
        const files = await tx.query<{ storage_key: string }>('SELECT storage_key FROM firmware_files WHERE firmware_id = $1', [id]);
        await tx.query('DELETE FROM firmwares WHERE id = $1', [id]);
        return [row.storage_key, ...files.rows.map((f) => f.storage_key)].filter((k): k is string => !!k);
      });
      // After the commit: a failed delete keeps the files its rows still name.
      await Promise.all(keys.map((k) => storage.remove(k).catch((err: unknown) => request.log.warn({ err, key: k }, 'firmware file not removed'))));
      return { status: true, message: say('firmware.deleted') };
    },
  );

  app.get(
    '/api/ota/download/:id/:slot',
    {
      config: { access: PUBLIC },
      schema: signedLinkSchema('Firmware', 'The bytes of a firmware file (signed, expiring link; no bearer)', FILE_SLOTS, 'The file bytes'),
    },
    async (request, reply) => {
      const { id, slot } = request.params;
      const { expires, signature } = request.query;
      const file =
        slot === 'file'
          ? (
              await db.query<{ file_name: string; storage_key: string }>(
                "SELECT file_name, storage_key FROM firmwares WHERE id = $1 AND ota_type = 'single' AND storage_key IS NOT NULL",
                [id],
              )
            ).rows[0]
          : (
              await db.query<{ file_name: string; storage_key: string }>(
                'SELECT file_name, storage_key FROM firmware_files WHERE firmware_id = $1 AND slot = $2',
                [id, slot],
              )
            ).rows[0];
      if (!file) throw notFound(say('firmware.fileNotFound'));
      const verdict = signer.check(id, slot, file.storage_key, expires, signature, nowSeconds(ctx));
      if (verdict === 'bad') throw new ApiError(403, say('links.downloadInvalid'));
      if (verdict === 'expired') throw new ApiError(403, say('links.downloadExpired'));
      const stored = await storage.open(file.storage_key);
      if (!stored) throw notFound(say('firmware.fileNotFound'));
      const asciiName = file.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(stored.sizeBytes))
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );

  // The multipart parser reads only these forms (the store and update).
  await multipartRoutes(app, (typed) => {

    typed.post(
      '/api/ota/store',
      {
        config: { access: ADMIN },
        schema: {
          ...routeSchema('Firmware')('Add a firmware (multipart: fields and .bin files)', Firmware, 400, 409, 413),
          consumes: ['multipart/form-data'],
        },
      },
      async (request, reply) => {
        const form = await readFirmwareForm(request, reply, storage, uploadIdleMs);
        let id = 0;
        await discardOnFailure(storage, form, async () => {
          const input = readInput(form, null);
          checkFiles(form, input, null);
          await requireUniqueVersion(db, input, null);
          await persistForm(db, storage, form, async (tx, keys) => {
            const single = input.otaType === 'single' ? form.files.file : undefined;
            const { rows } = await tx
              .query<{ id: number }>(
                `INSERT INTO firmwares (product_line, device_type, ota_type, file_name, storage_key, size_bytes, version, mcu_version,
                   md_5_value, auto_update_message, manual_update_message, created_at)
                 VALUES ($1, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
                [
                  input.deviceType,
                  input.otaType,
                  single?.fileName ?? form.files.ota_file?.fileName ?? null,
                  single ? keys.file : null,
                  single?.staged.sizeBytes ?? null,
                  input.version,
                  input.mcuVersion,
                  single?.staged.md5 ?? form.files.ota_file?.staged.md5 ?? null,
                  input.autoMessage,
                  input.manualMessage,
                  ctx.config.now().toISOString(),
                ],
              )
              .catch((err: unknown) => uniqueAsConflict(err, input.version));
            id = rows[0]?.id ?? 0;
            if (input.otaType === 'multiple') {
              for (const slot of PACK_SLOTS) {
                const f = form.files[slot];
                if (!f) continue;
                await tx.query(
                  `INSERT INTO firmware_files (firmware_id, slot, file_name, storage_key, size_bytes, md_5_value)
                   VALUES ($1, $2, $3, $4, $5, $6)`,
                  [id, slot, f.fileName, keys[slot], f.staged.sizeBytes, f.staged.md5],
                );
              }
            }
          });
        });
        return { status: true, message: say('firmware.added'), info: await readFirmware(id) };
      },
    );

    typed.post(
      '/api/ota/update/:id',
      {
        config: { access: ADMIN },
        schema: {
          ...routeSchema('Firmware')('Update a firmware; a file slot left out keeps its file', Firmware, 400, 404, 409, 413),
          consumes: ['multipart/form-data'],
          params: Strict({ id: IdField }),
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const form = await readFirmwareForm(request, reply, storage, uploadIdleMs);
        const replaced: string[] = [];
        await discardOnFailure(storage, form, async () => {
          const deviceType = text(form, 'deviceType');
          const existing = (
            await db.query<FirmwareRow>(`SELECT ${FIRMWARE_COLUMNS} FROM firmwares f WHERE f.id = $1 AND f.product_line = $2`, [
              id,
              deviceType ?? '',
            ])
          ).rows[0];
          const input = readInput(form, existing ?? null);
          if (!existing) throw notFound(say('firmware.notFound'));
          const storedFiles = (
            await db.query<FileRow>('SELECT firmware_id, slot, file_name, storage_key, size_bytes, md_5_value FROM firmware_files WHERE firmware_id = $1', [id])
          ).rows;
          const storedMd5: Partial<Record<FileSlot, string | null>> = { file: existing.md_5_value };
          for (const f of storedFiles) storedMd5[f.slot] = f.md_5_value;
          checkFiles(form, input, storedMd5);
          await requireUniqueVersion(db, input, id);
          await persistForm(db, storage, form, async (tx, keys) => {
            const locked = await tx.query('SELECT 1 FROM firmwares WHERE id = $1 FOR UPDATE', [id]);
            if (locked.rows.length === 0) throw notFound(say('firmware.notFound'));
            await tx
              .query(
                `UPDATE firmwares SET version = $2, mcu_version = $3, auto_update_message = $4, manual_update_message = $5
                  WHERE id = $1`,
                [id, input.version, input.mcuVersion, input.autoMessage, input.manualMessage],
              )
              .catch((err: unknown) => uniqueAsConflict(err, input.version));
            const single = form.files.file;
            if (single && keys.file) {
              await tx.query('UPDATE firmwares SET file_name = $2, storage_key = $3, size_bytes = $4, md_5_value = $5 WHERE id = $1', [
                id,
                single.fileName,
                keys.file,
                single.staged.sizeBytes,
                single.staged.md5,
              ]);
              if (existing.storage_key) replaced.push(existing.storage_key);
            }
            for (const slot of PACK_SLOTS) {
              const f = form.files[slot];
              const key = keys[slot];
              if (!f || !key) continue;
              const old = storedFiles.find((s) => s.slot === slot);
              await tx.query(
                `INSERT INTO firmware_files (firmware_id, slot, file_name, storage_key, size_bytes, md_5_value)
                 VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (firmware_id, slot) DO UPDATE SET file_name = EXCLUDED.file_name, storage_key = EXCLUDED.storage_key,
                   size_bytes = EXCLUDED.size_bytes, md_5_value = EXCLUDED.md_5_value`,
                [id, slot, f.fileName, key, f.staged.sizeBytes, f.staged.md5],
              );
              if (slot === 'ota_file') {
                await tx.query('UPDATE firmwares SET file_name = $2, md_5_value = $3 WHERE id = $1', [id, f.fileName, f.staged.md5]);
              }
              if (old) replaced.push(old.storage_key);
            }
          });
        });
        // The rows now name the new files; the old ones go.
        await Promise.all(replaced.map((k) => storage.remove(k).catch(() => undefined)));
        return { status: true, message: say('firmware.updated'), info: await readFirmware(id) };
      },
    );
  });
};
