/**
 * OTA rules (docs/ota-calls.md, Rules): "devices of this type on version X may get version Y";
 * `immediate_update` is the Upgrade checkbox. Versions are firmware versions of the type, one rule
 * per from_version and type.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db';
import { ApiError, badRequest, isUniqueViolation, notFound, uniqueMessage } from '../../server/errors';
import { filterBy, listQueryProperties, ListInfoSchema, type ListSpec } from '../../server/listing';
import { IdField, RequiredText } from '../../server/schemas';
import type { ModuleOptions } from '../../server/context';
import { adminOfType, deleteOfType, pageOfType } from './common';
import { requireFirmwareVersions, VersionField, type DeviceType } from './device-types';
import { say } from '../../server/messages';

const OtaRule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  from_version: Type.String(),
  to_version: Type.String(),
  immediate_update: Type.Boolean(),
  created_at: Type.String(),
});

const RULE_LIST: ListSpec = {
  sortable: {
    created_at: 'r.created_at',
    name: 'lower(r.name)',
    from_version: 'fleet_version_key(r.from_version)',
    to_version: 'fleet_version_key(r.to_version)',
    immediate_update: 'r.immediate_update',
  },
  filters: {
    name: filterBy.text('r.name'),
    from_version: filterBy.exact('r.from_version'),
    to_version: filterBy.exact('r.to_version'),
  },
};

const RuleName = RequiredText(40, say('fields.nameRequired'), say('otaRules.nameTooLong'));

const ruleFields = {
  name: RuleName,
  from_version: VersionField('Current Version'),
  to_version: VersionField('Upgrade To'),
  immediate_update: Type.Optional(Type.Boolean({ default: false, errorMessage: say('otaRules.immediateInvalid') })),
};
const rules = adminOfType('OTA rules');

interface RuleInput {
  name: string;
  from_version: string;
  to_version: string;
  immediate_update?: boolean;
  deviceType: DeviceType;
}

async function checkRule(db: Db, body: RuleInput, id: number | null): Promise<void> {
  if (body.from_version === body.to_version) throw badRequest(say('otaRules.sameVersion'));
  await requireFirmwareVersions(db, body.deviceType, [body.from_version, body.to_version]);
  const { rows } = await db.query(
    'SELECT 1 FROM ota_rules WHERE product_line = $1 AND from_version = $2 AND id IS DISTINCT FROM $3',
    [body.deviceType, body.from_version, id],
  );
  if (rows.length > 0) throw new ApiError(409, ruleTaken(body.from_version));
}

/** A duplicate is a 409, as every duplicate create (issue 20). */
const ruleTaken = (fromVersion: string) => say('otaRules.versionNamedTaken', { version: fromVersion });
uniqueMessage('ota_rules_line_from_key', say('otaRules.versionTaken'));

/** Unique-index races (two adds at once) answer like the check above, not 500. */
function duplicateAsConflict(err: unknown, fromVersion: string): never {
  if (isUniqueViolation(err)) throw new ApiError(409, ruleTaken(fromVersion));
  throw err;
}

export const otaRuleRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/api/ota/rule/list',
    rules.query('Rules of a device type', ListInfoSchema(OtaRule), listQueryProperties, 400),
    async (request) => {
      const info = await pageOfType<Static<typeof OtaRule>>(db, request.query.deviceType, request.query, {
        spec: RULE_LIST,
        alias: 'r',
        from: 'ota_rules r',
        columns: 'r.id, r.name, r.from_version, r.to_version, r.immediate_update, r.created_at',
      });
      return { status: true, message: say('titles.rules'), info };
    },
  );

  app.post(
    '/api/ota/rule/add',
    rules.body('Add a rule', Type.Object({ id: Type.Integer() }), ruleFields, 400, 409),
    async (request) => {
      const body = { ...request.body, name: request.body.name.trim() };
      const id = await db.transaction(async (tx) => {
        await checkRule(tx, body, null);
        const { rows } = await tx
          .query<{ id: number }>(
            `INSERT INTO ota_rules (product_line, name, from_version, to_version, immediate_update, created_at)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [body.deviceType, body.name, body.from_version, body.to_version, body.immediate_update ?? false, ctx.config.now().toISOString()],
          )
          .catch((err: unknown) => duplicateAsConflict(err, body.from_version));
        return rows[0]?.id ?? 0;
      });
      return { status: true, message: say('otaRules.added'), info: { id } };
    },
  );

  app.put(
    '/api/ota/rule/update',
    rules.body('Update a rule (also the Upgrade toggle)', null, { id: IdField, ...ruleFields }, 400, 404, 409),
    async (request) => {
      const body = { ...request.body, name: request.body.name.trim() };
      await db.transaction(async (tx) => {
        const existing = await tx.query('SELECT 1 FROM ota_rules WHERE id = $1 AND product_line = $2 FOR UPDATE', [
          body.id,
          body.deviceType,
        ]);
        if (existing.rows.length === 0) throw notFound(say('otaRules.notFound'));
        await checkRule(tx, body, body.id);
        await tx
          .query(
            `UPDATE ota_rules SET name = $2, from_version = $3, to_version = $4, immediate_update = $5 WHERE id = $1`,
            [body.id, body.name, body.from_version, body.to_version, body.immediate_update ?? false],
          )
          .catch((err: unknown) => duplicateAsConflict(err, body.from_version));
      });
      return { status: true, message: say('otaRules.updated') };
    },
  );

  deleteOfType(app, db, {
    path: '/api/ota/rule/delete',
    tag: 'OTA rules',
    summary: 'Delete a rule',
    table: 'ota_rules',
    idField: 'id',
    missing: say('otaRules.notFound'),
    deleted: say('otaRules.deleted'),
  });
};
