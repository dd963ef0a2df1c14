/**
 * Firmware files and OTA packs (docs/ota-calls.md, Firmwares). Uploads stream into the storage's
 * staging area (md5 computed on the way), the form is validated, then the rows are written in one
 * transaction and the staged files renamed to generated keys; any failure removes what was written.
 * A single firmware keeps its file on the firmwares row; an OTA pack (heat_pump, ota_type multiple)
 * keeps its three files as firmware_files rows (slots ota_file, mcu56, mcu62).
 */
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import multipart from '@fastify/multipart';
import type { Db } from '../../db';
import { PUBLIC } from '../../policy/roles';
import { ApiError, badRequest, isUniqueViolation, notFound, uniqueMessage } from '../../server/errors';
import { buildListing, listInfo, listQueryProperties, ListInfoSchema, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { IdField, Nullable, routeSchema, Strict } from '../../server/schemas';
import { nowSeconds, type AppContext, type ModuleOptions } from '../../server/context';
import { LocalFirmwareStorage, type FirmwareStorage } from '../../storage/firmware-storage';
import { ADMIN, oneRow } from '../ota/common';
import { DeviceTypeField, INVALID_VERSION, isDeviceType, isVersion, type DeviceType } from '../ota/device-types';
import { DownloadSigner, signedLinkSchema } from '../../server/signed-links';
import { discardAll, FILE_SLOTS, MD5_FIELD, readFirmwareForm, type FileSlot, type FirmwareForm } from './upload';

export interface FirmwareModuleOptions extends ModuleOptions {
  /** Defaults to a local folder `<dataDir>/firmware`. */
  storage?: FirmwareStorage;
}

export function defaultFirmwareStorage(ctx: AppContext): FirmwareStorage {
  return new LocalFirmwareStorage(path.join(ctx.config.dataDir, 'firmware'));
}

const PACK_SLOTS = ['ota_file', 'mcu56', 'mcu62'] as const;
type PackSlot = (typeof PACK_SLOTS)[number];

export const FirmwareFile = Type.Object({
  key: Type.String(),
  file_name: Type.String(),
  download_link: Type.String(),
  md_5_value: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
});

export const Firmware = Type.Object({
  id: Type.Integer(),
  device_type: Type.String(),
  ota_type: Type.String(),
  file_name: Nullable(Type.String()),
  download_link: Nullable(Type.String()),
  version: Type.String(),
  mcu_version: Nullable(Type.String()),
  md_5_value: Nullable(Type.String()),
  auto_update_message: Nullable(Type.String()),
  manual_update_message: Nullable(Type.String()),
  size_bytes: Nullable(Type.Integer()),
  created_at: Type.String(),
  ota_files: Type.Array(FirmwareFile),
});
type FirmwareInfo = Static<typeof Firmware>;

interface FirmwareRow {
  id: number;
  device_type: string;
  ota_type: 'single' | 'multiple';
  file_name: string | null;
  storage_key: string | null;
  size_bytes: number | null;
  version: string;
  mcu_version: string | null;
  md_5_value: string | null;
  auto_update_message: string | null;
  manual_update_message: string | null;
  created_at: string;
}

interface FileRow {
  firmware_id: number;
  slot: PackSlot;
  file_name: string;
  storage_key: string;
  size_bytes: number | null;
  md_5_value: string | null;
}

const FIRMWARE_COLUMNS = `f.id, f.device_type, f.ota_type, f.file_name, f.storage_key, f.size_bytes, f.version, f.mcu_version,
  f.md_5_value, f.auto_update_message, f.manual_update_message, f.created_at`;

const FIRMWARE_LIST: ListSpec = {
  sortable: { created_at: 'f.created_at', file_name: 'lower(f.file_name)', version: 'fleet_version_key(f.version)' },
  defaultSort: 'created_at',
  filters: {
    file_name: { kind: 'text', column: 'f.file_name' },
    version: { kind: 'text', column: 'f.version' },
  },
  // The console's list state carries these in the query; they select nothing here.
  ignoredFilters: ['fileNameAcc', 'versionAcc', 'download_link'],
};

const MD5_RE = /^[0-9a-fA-F]{32}$/;
const MESSAGE_MAX = 1000;

/** The validated text of a firmware form. */
interface FirmwareInput {
  deviceType: DeviceType;
  otaType: 'single' | 'multiple';
  version: string;
  mcuVersion: string | null;
  autoMessage: string | null;
  manualMessage: string | null;
}

function text(form: FirmwareForm, name: keyof FirmwareForm['fields']): string | undefined {
  const v = form.fields[name];
  return v === undefined ? undefined : v.trim();
}

function readInput(form: FirmwareForm, existing: FirmwareRow | null): FirmwareInput {
  const deviceType = text(form, 'deviceType');
  if (!deviceType) throw badRequest('deviceType is required');
  if (!isDeviceType(deviceType)) throw badRequest(`deviceType must be one of ihd, ihd_livelink, livelink, safelink, airlink, bulb, heat_pump`);
  const otaTypeRaw = text(form, 'ota_type') || existing?.ota_type || 'single';
  if (otaTypeRaw !== 'single' && otaTypeRaw !== 'multiple') throw badRequest('ota_type must be single or multiple');
  if (otaTypeRaw === 'multiple' && deviceType !== 'heat_pump') throw badRequest('OTA packs (ota_type multiple) are for heat_pump only');
  if (existing && existing.ota_type !== otaTypeRaw) throw badRequest('ota_type of a firmware cannot be changed');
  const version = text(form, 'version');
  if (!version) throw badRequest('Version is required');
  if (!isVersion(version)) throw badRequest(INVALID_VERSION);
  let mcuVersion: string | null = null;
  if (otaTypeRaw === 'multiple') {
    const mcu = text(form, 'mcu_version');
    if (!mcu) throw badRequest('MCU Version is required');
    if (!isVersion(mcu)) throw badRequest('Invalid MCU version');
    mcuVersion = mcu;
  }
  const message = (name: 'auto_update_message' | 'manual_update_message', label: string): string | null => {
    const v = text(form, name);
    if (v === undefined || v === '') return null;
    if (v.length > MESSAGE_MAX) throw badRequest(`${label} must be at most ${MESSAGE_MAX} characters`);
    return v;
  };
  for (const field of ['md_5_value', 'md_5_value_mcu56', 'md_5_value_mcu62'] as const) {
    const v = text(form, field);
    if (v !== undefined && v !== '' && !MD5_RE.test(v)) throw badRequest(`${field} must be an MD5 (32 hexadecimal characters)`);
  }
  return {
    deviceType,
    otaType: otaTypeRaw,
    version,
    mcuVersion,
    autoMessage: message('auto_update_message', 'Forced Update Message'),
    manualMessage: message('manual_update_message', 'Optional Update Message'),
  };
}

/** The slots a type uses, each file's md5 checked; on create every slot needs a file. */
function checkFiles(form: FirmwareForm, input: FirmwareInput, stored: Partial<Record<FileSlot, string | null>> | null): void {
  const slots: FileSlot[] = input.otaType === 'single' ? ['file'] : [...PACK_SLOTS];
  for (const slot of Object.keys(form.files) as FileSlot[]) {
    if (!slots.includes(slot)) throw badRequest(`${slot} is not a file of a ${input.otaType === 'single' ? 'single firmware' : 'firmware OTA pack'}`);
  }
  for (const slot of slots) {
    const file = form.files[slot];
    const given = text(form, MD5_FIELD[slot] as keyof FirmwareForm['fields'])?.toLowerCase() || undefined;
    if (file) {
      if (!given) throw badRequest(`${MD5_FIELD[slot]} is required`);
      if (file.staged.md5 !== given) throw badRequest(`MD5 of ${slot} does not match`);
    } else if (!stored) {
      throw badRequest(`${slot} is required`);
    } else if (given !== undefined && given !== (stored[slot] ?? '').toLowerCase()) {
      // A kept file's md5 may be repeated, not changed.
      throw badRequest(`MD5 of ${slot} does not match`);
    }
  }
}

async function requireUniqueVersion(db: Db, input: FirmwareInput, id: number | null): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM firmwares WHERE product_line = $1 AND version = $2 AND id IS DISTINCT FROM $3', [
    input.deviceType,
    input.version,
    id,
  ]);
  if (rows.length > 0) throw new ApiError(409, versionTaken(input.version));
}

/** A duplicate is a 409, as every duplicate create (issue 20); the index's general sentence is the fallback. */
const versionTaken = (version: string) => `Version ${version} already exists`;
uniqueMessage('firmwares_line_version_key', 'This version already exists');

function uniqueAsConflict(err: unknown, version: string): never {
  if (isUniqueViolation(err)) throw new ApiError(409, versionTaken(version));
  throw err;
}

export const firmwareRoutes: FastifyPluginAsyncTypebox<FirmwareModuleOptions> = async (app, opts) => {
  const { ctx } = opts;
  const { db } = ctx;
  const storage = opts.storage ?? defaultFirmwareStorage(ctx);
  const uploadIdleMs = ctx.config.uploadIdleTimeoutMs;
  // Leftovers of uploads cut by a crash: anything idle for twice the upload idle timeout is dead.
  const swept = await storage.sweepStaging(2 * uploadIdleMs);
  if (swept > 0) app.log.info({ swept }, 'removed staged firmware files left by an earlier run');
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
    const row = await oneRow<FirmwareRow>(db, `SELECT ${FIRMWARE_COLUMNS} FROM firmwares f WHERE f.id = $1`, [id], 'Firmware not found');
    const [info] = await present([row]);
    if (!info) throw notFound('Firmware not found');
    return info;
  }

  /**
   * Writes a validated form: `write(tx, keys)` stores the rows naming the new keys; the staged files
   * are renamed inside the transaction, and removed again if anything after that fails.
   */
  async function persist(form: FirmwareForm, write: (tx: Db, keys: Partial<Record<FileSlot, string>>) => Promise<void>): Promise<void> {
    const keys: Partial<Record<FileSlot, string>> = {};
    for (const slot of Object.keys(form.files) as FileSlot[]) keys[slot] = storage.newKey();
    const committed: string[] = [];
    try {
      await db.transaction(async (tx) => {
        await write(tx, keys);
        for (const [slot, file] of Object.entries(form.files) as Array<[FileSlot, NonNullable<FirmwareForm['files'][FileSlot]>]>) {
          const key = keys[slot];
          if (!key) continue;
          await storage.commit(file.staged, key);
          committed.push(key);
        }
      });
    } catch (err) {
      await Promise.all(committed.map((k) => storage.remove(k).catch(() => undefined)));
      await discardAll(storage, form);
      throw err;
    }
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
          ota_type: Type.Optional(Type.Unsafe<'single' | 'multiple'>({ type: 'string', enum: ['single', 'multiple'], errorMessage: 'ota_type must be single or multiple' })),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      const params = new SqlParams();
      const conditions = [`f.product_line = ${params.add(q.deviceType ?? 'livelink')}`];
      // The pack/single selector exists for heat pumps only; other types are all single.
      if (q.ota_type && (q.deviceType ?? 'livelink') === 'heat_pump') conditions.push(`f.ota_type = ${params.add(q.ota_type)}`);
      const listing = buildListing(q, FIRMWARE_LIST, params, 'f.id');
      conditions.push(...listing.conditions);
      const where = whereClause(conditions);
      const n = params.values.length;
      const [page, count] = await Promise.all([
        db.query<FirmwareRow>(`SELECT ${FIRMWARE_COLUMNS} FROM firmwares f ${where} ${listing.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`, [
          ...params.values,
          listing.limit,
          listing.offset,
        ]),
        db.query<{ total: number }>(`SELECT count(*) AS total FROM firmwares f ${where}`, params.values),
      ]);
      return {
        status: true,
        message: 'Firmwares',
        info: listInfo(await present(page.rows), count.rows[0]?.total ?? 0, listing.page, listing.limit),
      };
    },
  );

  app.get(
    '/api/ota/firmware-versions',
    {
      config: { access: ADMIN },
      schema: {
        ...routeSchema('Firmware')('Firmware versions of a device type (the version selects)', Type.Array(Type.Object({ version: Type.String() })), 400),
        querystring: Strict({ deviceType: DeviceTypeField }),
      },
    },
    async (request) => {
      const { rows } = await db.query<{ version: string }>(
        `SELECT version FROM firmwares WHERE product_line = $1
          ORDER BY fleet_version_key(version) DESC, version DESC`,
        [request.query.deviceType],
      );
      return { status: true, message: 'Firmware versions', info: rows };
    },
  );

  app.get(
    '/api/ota/running-versions',
    {
      config: { access: ADMIN },
      schema: {
        ...routeSchema('Firmware')('Versions the devices of a device type run, with their device counts, and uploaded firmware versions (the version pickers)',
          Type.Array(Type.Object({ version: Type.String(), devices: Type.Integer(), uploaded: Type.Boolean() })),
          400,
        ),
        querystring: Strict({ deviceType: DeviceTypeField }),
      },
    },
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
      return { status: true, message: 'Versions', info: rows };
    },
  );

  app.delete(
    '/api/ota/delete',
    {
      config: { access: ADMIN },
      schema: {
        ...routeSchema('Firmware')('Delete a firmware and its files', null, 400, 404),
        body: Strict({ ota_id: IdField, deviceType: DeviceTypeField }),
      },
    },
    async (request) => {
      const { ota_id: id, deviceType } = request.body;
      const keys = await db.transaction(async (tx) => {
        const row = await oneRow<{ storage_key: string | null }>(
          tx,
          'SELECT storage_key FROM firmwares WHERE id = $1 AND product_line = $2 FOR UPDATE',
          [id, deviceType],
          'Firmware not found',
        );
        const files = await tx.query<{ storage_key: string }>('SELECT storage_key FROM firmware_files WHERE firmware_id = $1', [id]);
        await tx.query('DELETE FROM firmwares WHERE id = $1', [id]);
        return [row.storage_key, ...files.rows.map((f) => f.storage_key)].filter((k): k is string => !!k);
      });
      // After the commit: a failed delete keeps the files its rows still name.
      await Promise.all(keys.map((k) => storage.remove(k).catch((err: unknown) => request.log.warn({ err, key: k }, 'firmware file not removed'))));
      return { status: true, message: 'Firmware deleted successfully' };
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
      if (!file) throw notFound('Firmware file not found');
      const verdict = signer.check(id, slot, file.storage_key, expires, signature, nowSeconds(ctx));
      if (verdict === 'bad') throw new ApiError(403, 'Invalid download link');
      if (verdict === 'expired') throw new ApiError(403, 'This download link has expired');
      const stored = await storage.open(file.storage_key);
      if (!stored) throw notFound('Firmware file not found');
      const asciiName = file.file_name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', String(stored.sizeBytes))
        .header('content-disposition', `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.file_name)}`)
        .header('cache-control', 'private, no-store')
        .send(stored.stream);
    },
  );

  // The multipart parser lives only in this scope (the store and update forms).
  await app.register(async (scoped) => {
    await scoped.register(multipart, { throwFileSizeLimit: false });
    const typed = scoped.withTypeProvider<TypeBoxTypeProvider>();

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
        try {
          const input = readInput(form, null);
          checkFiles(form, input, null);
          await requireUniqueVersion(db, input, null);
          await persist(form, async (tx, keys) => {
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
        } catch (err) {
          await discardAll(storage, form);
          throw err;
        }
        return { status: true, message: 'Firmware added successfully', info: await readFirmware(id) };
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
        try {
          const deviceType = text(form, 'deviceType');
          const existing = (
            await db.query<FirmwareRow>(`SELECT ${FIRMWARE_COLUMNS} FROM firmwares f WHERE f.id = $1 AND f.product_line = $2`, [
              id,
              deviceType ?? '',
            ])
          ).rows[0];
          const input = readInput(form, existing ?? null);
          if (!existing) throw notFound('Firmware not found');
          const storedFiles = (
            await db.query<FileRow>('SELECT firmware_id, slot, file_name, storage_key, size_bytes, md_5_value FROM firmware_files WHERE firmware_id = $1', [id])
          ).rows;
          const storedMd5: Partial<Record<FileSlot, string | null>> = { file: existing.md_5_value };
          for (const f of storedFiles) storedMd5[f.slot] = f.md_5_value;
          checkFiles(form, input, storedMd5);
          await requireUniqueVersion(db, input, id);
          await persist(form, async (tx, keys) => {
            const locked = await tx.query('SELECT 1 FROM firmwares WHERE id = $1 FOR UPDATE', [id]);
            if (locked.rows.length === 0) throw notFound('Firmware not found');
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
        } catch (err) {
          await discardAll(storage, form);
          throw err;
        }
        // The rows now name the new files; the old ones go.
        await Promise.all(replaced.map((k) => storage.remove(k).catch(() => undefined)));
        return { status: true, message: 'Firmware updated successfully', info: await readFirmware(id) };
      },
    );
  });
};
