/**
 * OTA groups (docs/ota-calls.md, Groups) and the OTA device list. A device is in at most one group
 * (unique index), so adding it to a group moves it. Bulk adds and removes (`all: true`) are one
 * INSERT ... SELECT / DELETE ... USING statement in one transaction, whatever the group's size.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { badRequest, notFound } from '../../server/errors';
import { filterBy, listQueryProperties, ListInfoSchema, type ListSpec } from '../../server/listing';
import { SqlParams, whereClause } from '../../server/sql';
import { IdField, RequiredText, NullableText } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { listOtaDevices, lineCondition, otaJoins, OtaDeviceRow, selectionConditions } from './availability';
import { adminOfType, BodyFilter, DeviceIds, deleteOfType, filterText, oneRow, pageOfType } from './common';
import { INVALID_VERSION, isVersion, requireFirmwareVersions, type DeviceType } from './device-types';
import { say } from '../../server/messages';

const OtaGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_at: Type.String(),
  current_version: NullableText,
  target_version: NullableText,
  upgradable: Type.Boolean(),
  device_count: Type.Integer(),
});

type GroupRow = Static<typeof OtaGroup>;

// the members of the group's type from the kept counts (migration 0024): a few rows, not a count of 100,000
const GROUP_COLUMNS = `g.id, g.name, g.created_at, g.current_version, g.target_version, g.upgradable,
  coalesce((SELECT sum(c.devices) FROM ota_member_counts c WHERE c.group_id = g.id AND c.device_type = g.product_line), 0)::bigint AS device_count`;

const GROUP_LIST: ListSpec = {
  sortable: {
    created_at: 'g.created_at',
    name: 'lower(g.name)',
    target_version: 'fleet_version_key(g.target_version)',
    current_version: 'fleet_version_key(g.current_version)',
    upgradable: 'g.upgradable',
  },
  filters: { name: filterBy.text('g.name') },
};

const GroupName = RequiredText(60, say('fields.nameRequired'), say('otaGroups.nameTooLong'));

/** A version select that may be empty (no target yet). */
const OptionalVersion = Type.Optional(
  Type.Union([Type.String({ maxLength: 11 }), Type.Null()], { errorMessage: INVALID_VERSION }),
);

const AllFlag = Type.Optional(Type.Boolean({ default: false, errorMessage: say('ota.allInvalid') }));
const groups = adminOfType('OTA groups');

/** The group of a type, locked for the rest of the transaction, or 404. */
async function groupOf(db: Db, groupId: number, deviceType: DeviceType, lock = false): Promise<GroupRow> {
  return oneRow<GroupRow>(
    db,
    `SELECT g.id, g.name, g.created_at, g.current_version, g.target_version, g.upgradable, 0 AS device_count
       FROM ota_groups g WHERE g.id = $1 AND g.product_line = $2${lock ? ' FOR UPDATE' : ''}`,
    [groupId, deviceType],
    say('otaGroups.notFound'),
  );
}

/**
 * Puts devices into a group (moving them from any other group): all devices of the type's line, or
 * exactly `ids`, every one of which must be a device of that line (404 otherwise, nothing written).
 */
async function addMembers(db: Db, groupId: number, deviceType: DeviceType, all: boolean, ids: number[]): Promise<number> {
  const params = new SqlParams();
  const g = params.add(groupId);
  const conditions = [lineCondition(deviceType, params)];
  if (!all) {
    const unique = [...new Set(ids)];
    if (unique.length === 0) throw badRequest(say('ota.noDeviceSelected'));
    conditions.push(`d.id = ANY(${params.add(unique)}::bigint[])`);
  }
  const res = await db.query(
    `INSERT INTO ota_group_devices (group_id, device_id)
     SELECT ${g}, d.id FROM devices d ${whereClause(conditions)}
     ON CONFLICT (device_id) DO UPDATE SET group_id = EXCLUDED.group_id`,
    params.values,
  );
  // rowCount counts inserted and moved rows: fewer than asked means an id outside the line.
  if (!all && res.rowCount !== new Set(ids).size) throw notFound(say('devices.notFound'));
  return res.rowCount;
}

export const otaGroupRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  // exact totals of the OTA device lists, recounted only after a write to ota_devices
  const counts = new CountCache('ota_devices');

  app.get(
    '/api/ota/group/all',
    groups.query('Groups of a device type', ListInfoSchema(OtaGroup), listQueryProperties, 400),
    async (request) => {
      const info = await pageOfType<GroupRow>(db, request.query.deviceType, request.query, { spec: GROUP_LIST, alias: 'g', from: 'ota_groups g', columns: GROUP_COLUMNS });
      return { status: true, message: say('titles.groups'), info };
    },
  );

  app.get(
    '/api/ota/devices',
    groups.query('OTA devices of a type with their available firmware', ListInfoSchema(OtaDeviceRow), listQueryProperties, 400),
    async (request) => {
      const info = await listOtaDevices(db, request.query.deviceType, request.query, {}, counts);
      return { status: true, message: say('titles.devices'), info };
    },
  );

  app.post(
    '/api/ota/group/add',
    groups.body(
      'Create a group with devices',
      Type.Object({ id: Type.Integer() }),
      { group_name: GroupName, device_ids: Type.Optional(DeviceIds), all: AllFlag },
      400,
      404,
    ),
    async (request) => {
      const body = request.body;
      const id = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: number }>(
          'INSERT INTO ota_groups (product_line, name, created_at) VALUES ($1, $2, $3) RETURNING id',
          [body.deviceType, body.group_name.trim(), ctx.config.now().toISOString()],
        );
        const groupId = rows[0]?.id ?? 0;
        await addMembers(tx, groupId, body.deviceType, body.all ?? false, body.device_ids ?? []);
        return groupId;
      });
      return { status: true, message: say('otaGroups.added'), info: { id } };
    },
  );

  app.put(
    '/api/ota/group/add-devices',
    groups.body(
      'Add devices to a group (moving them from another group)',
      null,
      { group_id: IdField, group_name: Type.Optional(GroupName), device_ids: Type.Optional(DeviceIds), all: AllFlag },
      400,
      404,
    ),
    async (request) => {
      const body = request.body;
      await db.transaction(async (tx) => {
        await groupOf(tx, body.group_id, body.deviceType, true);
        if (body.group_name !== undefined) {
          await tx.query('UPDATE ota_groups SET name = $2 WHERE id = $1', [body.group_id, body.group_name.trim()]);
        }
        await addMembers(tx, body.group_id, body.deviceType, body.all ?? false, body.device_ids ?? []);
      });
      return { status: true, message: say('otaGroups.devicesAdded') };
    },
  );

  app.get(
    '/api/ota/group/info',
    groups.query(
      'A group and a page of its devices',
      Type.Object({ group_info: OtaGroup, devices: ListInfoSchema(OtaDeviceRow) }),
      { ...listQueryProperties, group_id: IdField },
      400,
      404,
    ),
    async (request) => {
      const q = request.query;
      const group = await oneRow<GroupRow>(db, `SELECT ${GROUP_COLUMNS} FROM ota_groups g WHERE g.id = $1 AND g.product_line = $2`, [
        q.group_id,
        q.deviceType,
      ], say('otaGroups.notFound'));
      const devices = await listOtaDevices(db, q.deviceType, q, { groupId: q.group_id }, counts);
      return { status: true, message: say('titles.group'), info: { group_info: group, devices } };
    },
  );

  app.put(
    '/api/ota/group/update-data',
    groups.body(
      'Rename a group, set its versions and Update Flag',
      null,
      {
        group_id: IdField,
        group_name: Type.Optional(GroupName),
        current_version: OptionalVersion,
        target_version: OptionalVersion,
        upgradable: Type.Optional(Type.Boolean({ errorMessage: say('otaGroups.upgradableInvalid') })),
      },
      400,
      404,
    ),
    async (request) => {
      const body = request.body;
      const norm = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
      const current = norm(body.current_version);
      const target = norm(body.target_version);
      for (const v of [current, target]) if (typeof v === 'string' && !isVersion(v)) throw badRequest(INVALID_VERSION);
      await db.transaction(async (tx) => {
        const group = await groupOf(tx, body.group_id, body.deviceType, true);
        const next = {
          name: body.group_name?.trim() ?? group.name,
          current: current === undefined ? group.current_version : current,
          target: target === undefined ? group.target_version : target,
          upgradable: body.upgradable ?? group.upgradable,
        };
        if (next.upgradable && next.target === null) throw badRequest(say('otaGroups.targetRequired'));
        await requireFirmwareVersions(tx, body.deviceType, [current, target]);
        await tx.query('UPDATE ota_groups SET name = $2, current_version = $3, target_version = $4, upgradable = $5 WHERE id = $1', [
          body.group_id,
          next.name,
          next.current,
          next.target,
          next.upgradable,
        ]);
      });
      return { status: true, message: say('otaGroups.updated') };
    },
  );

  app.put(
    '/api/ota/group/remove-devices',
    groups.body(
      'Remove devices (or every device matching a filter) from a group',
      null,
      { group_id: IdField, device_ids: Type.Optional(DeviceIds), all: AllFlag, filter: BodyFilter },
      400,
      404,
    ),
    async (request) => {
      const body = request.body;
      const all = body.all ?? false;
      if (!all && (body.device_ids ?? []).length === 0) throw badRequest(say('ota.noDeviceSelected'));
      await db.transaction(async (tx) => {
        await groupOf(tx, body.group_id, body.deviceType, true);
        const params = new SqlParams();
        const typeParam = params.add(body.deviceType);
        const g = params.add(body.group_id);
        const conditions = selectionConditions(body.deviceType, params, {
          all,
          ids: body.device_ids ?? [],
          filter: filterText(body.filter),
        });
        if (!all) {
          // every chosen device must be a member of this group: a list with any other is refused whole (404)
          const unique = [...new Set(body.device_ids ?? [])];
          const check = new SqlParams();
          const members = await tx.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ota_group_devices m JOIN devices d ON d.id = m.device_id
              WHERE m.group_id = ${check.add(body.group_id)} AND m.device_id = ANY(${check.add(unique)}::bigint[])
                AND ${lineCondition(body.deviceType, check)}`,
            check.values,
          );
          if ((members.rows[0]?.n ?? 0) !== unique.length) throw notFound(say('devices.notFound'));
        }
        if (all && conditions.length === 1) {
          // The whole group: no need to look at devices.
          await tx.query('DELETE FROM ota_group_devices WHERE group_id = $1', [body.group_id]);
          return;
        }
        // One statement: the group's members whose device matches the selection.
        await tx.query(
          `DELETE FROM ota_group_devices m
            WHERE m.group_id = ${g}
              AND m.device_id IN (SELECT d.id FROM devices d ${otaJoins(typeParam)}
                                  ${whereClause([...conditions, `a.group_id = ${g}`])})`,
          params.values,
        );
      });
      return { status: true, message: say('otaGroups.devicesRemoved') };
    },
  );

  deleteOfType(app, db, {
    path: '/api/ota/group/delete',
    tag: 'OTA groups',
    summary: 'Delete a group (its devices leave it)',
    table: 'ota_groups',
    idField: 'group_id',
    missing: say('otaGroups.notFound'),
    deleted: say('otaGroups.deleted'),
  });
};
