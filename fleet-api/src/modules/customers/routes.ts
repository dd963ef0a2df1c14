/**
 * The customers module (docs/customer-calls.md): every customer call of the spec under each role's
 * prefix (Admin `/api/customer/...`, Agency `/api/agency/customer/...`, mscc `/api/mscc/customer/...`,
 * sm `/api/sm/customer/...`). One set of handlers: the caller's slice decides what is found, and an id
 * outside it is 404 with nothing changed. Deleting a customer or a property is Admin's and Agency's
 * (spec: "Customer deletion is shown only on agency or admin paths").
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { callerOf } from '../../policy/access';
import { only, type RouteAccess, type UserType } from '../../policy/roles';
import type { ModuleOptions } from '../../server/context';
import { CountCache } from '../../server/count-cache';
import { ListInfoSchema, listQueryProperties } from '../../server/listing';
import { notFound } from '../../server/errors';
import { feedbackMail, queueMail } from '../../mail/outbox';
import { EmailField, IdField, NameField, PhoneField, routeSchema, signedInFailures, Strict, trimmed } from '../../server/schemas';
import { productLines } from '../devices/lines';
import {
  CustomerInfo,
  CustomerLineField,
  CustomerRow,
  customerDetail,
  customerExport,
  deleteCustomer,
  EmailHistoryRow,
  emailHistory,
  listCustomers,
  LoginData,
  loginData,
  updateCustomer,
  type CustomerLine,
} from './customers';
import {
  addMember,
  deleteProperty,
  listProperties,
  MemberRow,
  propertyDetail,
  PropertyDeviceRow,
  propertyDevices,
  PropertyInfo,
  propertyMembers,
  PropertyRow,
  removeMember,
  TariffDetails,
  tariffHistory,
} from './properties';
import { exportedList, exportListBody } from '../exports/jobs';
import { ExportInfo } from '../exports/routes';
import { customerFeedbackCsv, FEEDBACK_COMMENT_MAX, feedbackExport, feedbackHistory, FeedbackRow, FeedbackTypeField, recordFeedback, SyncEventRow, syncHistory, SyncTypeField } from './feedback';
import { ALREADY_SUPPRESSED, listSuppressed, suppress, SUPPRESSION_REASONS, SuppressionRow, unsuppress, type SuppressionReason } from './suppression';
import { changeTrial, customerTrials, TrialRow } from './trials';
import { SURVEY_QUESTIONS } from '@fleet/contract';
import { saveSurvey, SurveyAnswersBody } from './survey';
import { saveTariffDetails, TariffDetailsBody, type TariffDetailsInput } from './tariff-details';
import { say } from '../../server/messages';
import { PropertyTimelineEntrySchema, propertyTimeline } from './property-timeline';

/** Each role's prefix of the customer calls (spec 6: "the prefix is otherwise the lower-cased user type"). */
const CUSTOMER_PREFIXES: ReadonlyArray<readonly [string, UserType]> = [
  ['/api/customer', 'Admin'],
  ['/api/agency/customer', 'Agency'],
  ['/api/mscc/customer', 'mscc'],
  ['/api/sm/customer', 'sm'],
];
const DELETERS: ReadonlySet<UserType> = new Set(['Admin', 'Agency']);

const schema = routeSchema('Customers');

const CustomerIdQuery = Strict({ customer_id: IdField });
const PropertyIdQuery = Strict({ property_id: IdField });
const PagedCustomer = Strict({ ...listQueryProperties, customer_id: IdField, deviceType: Type.Optional(CustomerLineField) });
const PagedProperty = Strict({ ...listQueryProperties, property_id: IdField });

const CustomerEditBody = Strict({
  customer_id: IdField,
  first_name: NameField('First Name'),
  last_name: NameField('Last Name'),
  phone_no: PhoneField(),
  email: EmailField(say('fields.emailInvalid'), say('fields.emailRequired')),
});
const AddMemberBody = Strict({
  property_id: IdField,
  email: EmailField(say('fields.emailInvalid'), say('fields.emailRequired')),
  first_name: NameField('First Name'),
  last_name: NameField('Last Name'),
  phone_no: PhoneField(),
});
const RemoveMemberQuery = Strict({ property_id: IdField, member_id: IdField });

export const customerRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const { db } = ctx;
  const now = () => ctx.config.now();
  // exact totals, recounted only after a write that can move them (migration 0013's version)
  const counts = new CountCache('customers');

  // The whole filtered list as CSV: a job with progress and a signed link (modules/exports).
  app.post(
    '/api/export/customers',
    {
      config: { access: only('Admin', 'Agency', 'mscc', 'sm') },
      schema: {
        ...schema('Export the filtered customer list as CSV (a job)', ExportInfo, 400, 409),
        body: Strict({ ...exportListBody, deviceType: Type.Optional(CustomerLineField) }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const spec = customerExport(caller, request.body.deviceType ?? 'all', exportedList(request.body));
      return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, spec) };
    },
  );

  // Feedback of the slice's customers (the list's filters): one type (Survey Feedback, Auto-Sync
  // feedback), or every type (feedback-all). Jobs like the list's own export.
  const ExportFilter = { ...exportListBody, deviceType: Type.Optional(CustomerLineField) };
  app.post(
    '/api/export/feedback',
    { config: { access: only('Admin', 'Agency', 'mscc', 'sm') }, schema: { ...schema('Export one type of feedback of the filtered customers as CSV (a job)', ExportInfo, 400, 409), body: Strict({ ...ExportFilter, sync_type: FeedbackTypeField }) } },
    async (request) => {
      const caller = callerOf(request);
      const spec = feedbackExport(caller, request.body.sync_type, request.body.deviceType ?? 'all', exportedList(request.body));
      return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, spec) };
    },
  );
  app.post(
    '/api/export/feedback-all',
    { config: { access: only('Admin', 'Agency', 'mscc', 'sm') }, schema: { ...schema('Export every feedback of the filtered customers as CSV (a job)', ExportInfo, 400, 409), body: Strict(ExportFilter) } },
    async (request) => {
      const caller = callerOf(request);
      const spec = feedbackExport(caller, 'all', request.body.deviceType ?? 'all', exportedList(request.body));
      return { status: true, message: say('exports.started'), info: await ctx.exports.start(caller, spec) };
    },
  );
  // The customer's app: its own feedback on a sync, a weekly report or the survey.
  app.post(
    '/api/customer/feedback',
    {
      config: { access: only('Customer', 'User') },
      schema: {
        ...schema('Record your feedback', Type.Object({ id: Type.Integer() }), 400),
        body: Strict({
          sync_type: FeedbackTypeField,
          rating: Type.Integer({ minimum: 1, maximum: 5, errorMessage: say('feedback.ratingInvalid'), requiredMessage: say('feedback.ratingRequired') }),
          comment: Type.Optional(Type.Union([Type.String({ maxLength: FEEDBACK_COMMENT_MAX, errorMessage: say('fields.tooLong', { field: 'Comment', max: FEEDBACK_COMMENT_MAX }) }), Type.Null()])),
        }),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.customerId === null) throw notFound(say('customers.notFound'));
      const id = await recordFeedback(db, caller.customerId, request.body, now());
      return { status: true, message: say('feedback.thanks'), info: { id } };
    },
  );

  // The suppression list (Admin): addresses weekly reports are not sent to.
  const ADMIN = only('Admin');
  app.get(
    '/api/customer/suspension-list',
    { config: { access: ADMIN }, schema: { ...schema('The suppression list', ListInfoSchema(SuppressionRow), 400), querystring: Strict({ ...listQueryProperties }) } },
    async (request) => ({ status: true, message: say('titles.suppressionList'), info: await listSuppressed(db, request.query) }),
  );
  app.post(
    '/api/customer/suspension-list',
    {
      config: { access: ADMIN },
      schema: {
        ...schema('Add an address to the suppression list', Type.Object({ id: Type.Integer() }), 400, 409),
        description: `409: ${ALREADY_SUPPRESSED}`,
        body: Strict({
          email: EmailField(say('fields.emailInvalid'), say('fields.emailRequired')),
          reason: Type.Unsafe<SuppressionReason>({ type: 'string', enum: [...SUPPRESSION_REASONS], errorMessage: say('suppression.reasonRequired'), requiredMessage: say('suppression.reasonRequired') }),
        }),
      },
    },
    async (request) => {
      const id = await suppress(db, request.body.email, request.body.reason, now());
      return { status: true, message: say('suppression.added'), info: { id } };
    },
  );
  app.delete(
    '/api/customer/suspension-list',
    { config: { access: ADMIN }, schema: { ...schema('Take an address off the suppression list', null, 400, 404), querystring: Strict({ id: IdField }) } },
    async (request) => {
      await unsuppress(db, request.query.id);
      return { status: true, message: say('suppression.removed') };
    },
  );

  // The survey's questions (the property view's Survey Answers form is built from them).
  const SurveyQuestion = Type.Recursive((This) =>
    Type.Object({
      key: Type.String(),
      question: Type.String(),
      question_type: Type.String(),
      answer_kind: Type.Optional(Type.String()),
      options: Type.Optional(Type.Array(Type.String())),
      sub_questions: Type.Optional(Type.Array(This)),
    }),
  );
  app.get(
    '/api/survey/questions',
    { config: { access: only('Admin', 'Agency', 'mscc', 'sm') }, schema: schema('The property survey: questions, their types, options and follow-ups', Type.Array(SurveyQuestion)) },
    async () => ({ status: true, message: say('titles.surveyQuestions'), info: SURVEY_QUESTIONS }),
  );

  // Airlink trials of a customer (Admin's screen /admin/customer/trial/{id}).
  const SaveDay = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', errorMessage: say('fields.dateInvalid') });
  app.get(
    '/api/customer/trial',
    { config: { access: ADMIN }, schema: { ...schema("A customer's airlink trials", Type.Array(TrialRow), 400, 404), querystring: CustomerIdQuery } },
    async (request) => ({ status: true, message: say('titles.airlinkTrials'), info: await customerTrials(db, callerOf(request), request.query.customer_id, now()) }),
  );
  app.put(
    '/api/customer/trial/update',
    {
      config: { access: ADMIN },
      schema: {
        ...schema('Extend a running airlink trial, or end it as purchased or returned', null, 400, 404, 409),
        body: Strict(
          {
            trial_id: IdField,
            ends_on: Type.Optional(SaveDay),
            status: Type.Optional(Type.Unsafe<'purchased' | 'returned'>({ type: 'string', enum: ['purchased', 'returned'], errorMessage: say('trials.statusInvalid') })),
          },
          { minProperties: 2, errorMessage: { minProperties: say('trials.changeRequired') } },
        ),
      },
    },
    async (request) => {
      await changeTrial(db, callerOf(request), request.body, now());
      return { status: true, message: request.body.status ? say('trials.endedSaved') : say('trials.extended') };
    },
  );

  for (const [prefix, role] of CUSTOMER_PREFIXES) {
    const access: RouteAccess = only(role);

    app.get(
      `${prefix}/get/all`,
      { config: { access }, schema: { ...schema("The caller's customers", ListInfoSchema(CustomerRow), 400), querystring: Strict({ ...listQueryProperties, deviceType: Type.Optional(CustomerLineField) }) } },
      async (request) => {
        const line: CustomerLine = request.query.deviceType ?? 'all';
        return { status: true, message: say('titles.customers'), info: await listCustomers(db, callerOf(request), line, request.query, counts) };
      },
    );
    app.get(`${prefix}/get-info`, { config: { access }, schema: { ...schema('One customer', CustomerInfo, 400, 404), querystring: CustomerIdQuery } }, async (request) => ({
      status: true,
      message: say('titles.customer'),
      info: await customerDetail(db, callerOf(request), request.query.customer_id),
    }));
    app.put(`${prefix}/update`, { config: { access }, schema: { ...schema("Edit a customer's name, phone and email", null, 400, 404, 409), body: CustomerEditBody } }, async (request) => {
      const { customer_id, ...edit } = trimmed(request.body);
      await updateCustomer(db, callerOf(request), customer_id, edit, now());
      return { status: true, message: say('customers.updated') };
    });
    if (DELETERS.has(role)) {
      app.delete(`${prefix}/delete`, { config: { access }, schema: { ...schema('Delete a customer (marked Deleted, its sign-in ended)', null, 400, 404), querystring: CustomerIdQuery } }, async (request) => {
        await deleteCustomer(db, callerOf(request), request.query.customer_id, now());
        return { status: true, message: say('customers.deleted') };
      });
      app.delete(`${prefix}/property/delete`, { config: { access }, schema: { ...schema('Delete a property', null, 400, 404), querystring: PropertyIdQuery } }, async (request) => {
        await deleteProperty(db, callerOf(request), request.query.property_id);
        return { status: true, message: say('properties.deleted') };
      });
    }
    app.get(`${prefix}/login-data`, { config: { access }, schema: { ...schema("The customer's sign-in", LoginData, 400, 404), querystring: CustomerIdQuery } }, async (request) => ({
      status: true,
      message: say('titles.loginData'),
      info: await loginData(db, callerOf(request), request.query.customer_id, now()),
    }));
    app.get(`${prefix}/email-history`, { config: { access }, schema: { ...schema('Mails sent to the customer', ListInfoSchema(EmailHistoryRow), 400, 404), querystring: Strict({ ...listQueryProperties, customer_id: IdField }) } }, async (request) => ({
      status: true,
      message: say('titles.emailHistory'),
      info: await emailHistory(db, callerOf(request), request.query.customer_id, request.query),
    }));

    // The Auto Sync and Weekly Report histories, and the feedback of each sync type.
    app.get(
      `${prefix}/sync-history`,
      { config: { access }, schema: { ...schema("The customer's auto syncs or weekly reports", ListInfoSchema(SyncEventRow), 400, 404), querystring: Strict({ ...listQueryProperties, customer_id: IdField, sync_type: SyncTypeField }) } },
      async (request) => {
        const { customer_id, sync_type, ...query } = request.query;
        return { status: true, message: say('titles.syncHistory'), info: await syncHistory(db, callerOf(request), customer_id, sync_type, query) };
      },
    );
    app.get(
      `${prefix}/feedback-history`,
      { config: { access }, schema: { ...schema("The customer's feedback of one sync type", ListInfoSchema(FeedbackRow), 400, 404), querystring: Strict({ ...listQueryProperties, customer_id: IdField, sync_type: FeedbackTypeField }) } },
      async (request) => {
        const { customer_id, sync_type, ...query } = request.query;
        return { status: true, message: say('titles.feedbackHistory'), info: await feedbackHistory(db, callerOf(request), customer_id, sync_type, query) };
      },
    );
    app.get(
      `${prefix}/export-feedback`,
      {
        config: { access },
        schema: {
          tags: ['Customers'],
          summary: "The customer's feedback as CSV",
          security: [{ bearer: [] }],
          querystring: CustomerIdQuery,
          response: { 200: Type.String({ description: 'CSV' }), ...signedInFailures(400, 404) },
        },
      },
      async (request, reply) => {
        const csv = await customerFeedbackCsv(db, callerOf(request), request.query.customer_id);
        return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="Feedback-${request.query.customer_id}.csv"`).send(csv);
      },
    );

    app.get(
      `${prefix}/export-feedback-email`,
      { config: { access }, schema: { ...schema("Mail the customer's feedback CSV to yourself", null, 400, 404), querystring: CustomerIdQuery } },
      async (request) => {
        const caller = callerOf(request);
        const csv = await customerFeedbackCsv(db, caller, request.query.customer_id);
        const customer = (await db.query<{ email: string }>('SELECT email FROM customers WHERE id = $1', [request.query.customer_id])).rows[0]?.email ?? '';
        await queueMail(db, feedbackMail(caller.email, customer, csv));
        return { status: true, message: say('feedback.sent', { email: caller.email }) };
      },
    );

    // Properties: the customer's own (list) and those it is a member of (shared-list).
    for (const [path, which] of [
      ['property/list', 'own'],
      ['property/shared-list', 'shared'],
    ] as const) {
      app.get(`${prefix}/${path}`, { config: { access }, schema: { ...schema(which === 'own' ? "The customer's properties" : 'Properties the customer is a member of', ListInfoSchema(PropertyRow), 400, 404), querystring: PagedCustomer } }, async (request) => {
        const { deviceType: _line, customer_id, ...query } = request.query;
        return { status: true, message: say('titles.properties'), info: await listProperties(db, callerOf(request), customer_id, which, query) };
      });
    }
    app.get(`${prefix}/property/get-info`, { config: { access }, schema: { ...schema('One property with its current tariff', PropertyInfo, 400, 404), querystring: PropertyIdQuery } }, async (request) => ({
      status: true,
      message: say('titles.property'),
      info: await propertyDetail(db, callerOf(request), request.query.property_id),
    }));
    app.get(`${prefix}/property/member`, { config: { access }, schema: { ...schema("A property's members", Type.Array(MemberRow), 400, 404), querystring: PropertyIdQuery } }, async (request) => ({
      status: true,
      message: say('titles.members'),
      info: await propertyMembers(db, callerOf(request), request.query.property_id),
    }));
    app.post(`${prefix}/property/add-member`, { config: { access }, schema: { ...schema('Add a member to a property', Type.Object({ id: Type.Integer() }), 400, 404, 409), body: AddMemberBody } }, async (request) => {
      const { property_id, ...member } = trimmed(request.body);
      const id = await addMember(db, callerOf(request), property_id, member, now());
      return { status: true, message: say('members.added'), info: { id } };
    });
    app.delete(`${prefix}/property/remove-member`, { config: { access }, schema: { ...schema('Remove a member of a property', null, 400, 404), querystring: RemoveMemberQuery } }, async (request) => {
      await removeMember(db, callerOf(request), request.query.property_id, request.query.member_id);
      return { status: true, message: say('members.removed') };
    });
    app.get(
      `${prefix}/property/devices`,
      { config: { access }, schema: { ...schema('The devices at a property', Type.Array(PropertyDeviceRow), 400, 404), querystring: Strict({ property_id: IdField, type: Type.Optional(CustomerLineField) }) } },
      async (request) => {
        const type = request.query.type ?? 'all';
        const lines = type === 'all' ? null : productLines(type);
        return { status: true, message: say('titles.devices'), info: await propertyDevices(db, callerOf(request), request.query.property_id, lines) };
      },
    );
    app.get(`${prefix}/property/timeline`, { config: { access }, schema: { ...schema("A property's timeline: members, tariffs, devices moved in and out and its edits, newest first", ListInfoSchema(PropertyTimelineEntrySchema), 400, 404), querystring: PagedProperty } }, async (request) => {
      const { property_id, ...query } = request.query;
      return { status: true, message: say('titles.timeline'), info: await propertyTimeline(db, callerOf(request), property_id, query) };
    });
    app.get(`${prefix}/property/tariff-history`, { config: { access }, schema: { ...schema("A property's tariffs, newest first", ListInfoSchema(TariffDetails), 400, 404), querystring: PagedProperty } }, async (request) => {
      const { property_id, ...query } = request.query;
      return { status: true, message: say('titles.tariffHistory'), info: await tariffHistory(db, callerOf(request), property_id, query) };
    });
    app.put(
      `${prefix}/property/survey`,
      { config: { access }, schema: { ...schema("Save a property's survey answers", null, 400, 404), body: Strict({ property_id: IdField, answers: SurveyAnswersBody }) } },
      async (request) => {
        await saveSurvey(db, callerOf(request), request.body.property_id, request.body.answers, now());
        return { status: true, message: say('surveys.answersSaved') };
      },
    );
    app.put(`${prefix}/property/update-details`, { config: { access }, schema: { ...schema("Edit a property's name, postal code and tariff", null, 400, 404), body: Strict(TariffDetailsBody) } }, async (request) => {
      await saveTariffDetails(db, callerOf(request), trimmed(request.body) as TariffDetailsInput, now());
      return { status: true, message: say('properties.detailsUpdated') };
    });
  }
};
