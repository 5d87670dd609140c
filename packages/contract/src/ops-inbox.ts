import { z } from 'zod';
import { defineEndpoint, errorResponses } from './endpoint';
import { supportSubjects } from './outreach';
import { multilineText, text } from './text';

/**
 * The operator console's inbox (docs/product/operators.md#messages and #partners): contact-form
 * messages and partnership applications, kept by the outreach module. Messages need the
 * `messages` capability, applications `partners` (decision 050).
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idSchema = text('A valid id is required').regex(uuidPattern, 'A valid id is required');

export const INBOX_TEXT_MAX = 5000;
const bodySchema = (what: string) =>
  multilineText(`Please write ${what}`)
    .min(1, `Please write ${what}`)
    .max(INBOX_TEXT_MAX, `${what[0]?.toUpperCase()}${what.slice(1)} must be ${INBOX_TEXT_MAX} characters or fewer`);
const reasonSchema = text().max(500, 'The reason must be at most 500 characters');

/** An operator as the inbox names them: who is assigned, who wrote a reply or a note. */
export const inboxOperatorSchema = z.object({ id: z.string(), email: z.string() });
export type InboxOperator = z.infer<typeof inboxOperatorSchema>;

// ---- Messages ----

export const messageStatuses = ['open', 'closed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messageListQuerySchema = z.object({
  status: z.enum(messageStatuses, 'Please choose open or closed').optional(),
  /** 'me', 'unassigned' or an operator's id. */
  assigned: text()
    .refine((value) => value === 'me' || value === 'unassigned' || uuidPattern.test(value), 'A valid id is required')
    .optional(),
  limit: z.coerce.number('limit must be a number').int().min(1).max(200).default(50),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;
export type MessageListFilters = z.output<typeof messageListQuerySchema>;

export const messageSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.enum(supportSubjects),
  /** The message's first 140 characters. */
  excerpt: z.string(),
  status: z.enum(messageStatuses),
  assignedTo: inboxOperatorSchema.nullable(),
  replies: z.number().int(),
  createdAt: z.string(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const messageListSchema = z.object({ messages: z.array(messageSummarySchema) });
export type MessageList = z.infer<typeof messageListSchema>;

export const messageReplySchema = z.object({
  id: z.string(),
  operator: inboxOperatorSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type MessageReply = z.infer<typeof messageReplySchema>;

export const messageDetailSchema = messageSummarySchema.omit({ excerpt: true, replies: true }).extend({
  message: z.string(),
  closedAt: z.string().nullable(),
  replies: z.array(messageReplySchema),
});
export type MessageDetail = z.infer<typeof messageDetailSchema>;

export const messageIdParamsSchema = z.object({ messageId: idSchema });

/**
 * A reply, and the request id the console's form makes once per reply it sends (a UUID): the
 * same request sent again, or many times at once, is one reply and one e-mail (decision 053).
 */
export const messageReplyRequestSchema = z.object({ body: bodySchema('a reply'), requestId: idSchema });
export type MessageReplyRequest = z.input<typeof messageReplyRequestSchema>;

/** Close or reopen, and assign (an operator's id) or unassign (null). */
export const messageUpdateRequestSchema = z
  .object({
    status: z.enum(messageStatuses, 'Please choose open or closed').optional(),
    assignedTo: idSchema.nullable().optional(),
    reason: reasonSchema.optional(),
  })
  .refine((change) => change.status !== undefined || change.assignedTo !== undefined, 'Nothing to change');
export type MessageUpdateRequest = z.input<typeof messageUpdateRequestSchema>;

export const assigneeListSchema = z.object({ operators: z.array(inboxOperatorSchema) });
export type AssigneeList = z.infer<typeof assigneeListSchema>;

// ---- Partner applications ----

export const applicationStatuses = ['new', 'in-review', 'accepted', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const applicationStatusNames: Readonly<Record<ApplicationStatus, string>> = {
  new: 'New',
  'in-review': 'In review',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

export const applicationListQuerySchema = z.object({
  status: z.enum(applicationStatuses, 'Please choose new, in-review, accepted or rejected').optional(),
  limit: z.coerce.number('limit must be a number').int().min(1).max(200).default(50),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;
export type ApplicationListFilters = z.output<typeof applicationListQuerySchema>;

export const applicationSummarySchema = z.object({
  id: z.string(),
  companyName: z.string(),
  contactName: z.string(),
  businessEmail: z.string(),
  businessCategory: z.string().nullable(),
  status: z.enum(applicationStatuses),
  notes: z.number().int(),
  createdAt: z.string(),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationListSchema = z.object({ applications: z.array(applicationSummarySchema) });
export type ApplicationList = z.infer<typeof applicationListSchema>;

export const applicationNoteSchema = z.object({
  id: z.string(),
  operator: inboxOperatorSchema,
  body: z.string(),
  createdAt: z.string(),
});
export type ApplicationNote = z.infer<typeof applicationNoteSchema>;

export const applicationDetailSchema = applicationSummarySchema.omit({ notes: true }).extend({
  phoneNumber: z.string().nullable(),
  companyWebsite: z.string().nullable(),
  aboutBusiness: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedBy: inboxOperatorSchema.nullable(),
  notes: z.array(applicationNoteSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const applicationIdParamsSchema = z.object({ applicationId: idSchema });

export const applicationNoteRequestSchema = z.object({ body: bodySchema('a note') });
export type ApplicationNoteRequest = z.input<typeof applicationNoteRequestSchema>;

/**
 * Moves an application on: New → In review; New or In review → Accepted or Rejected (which
 * e-mail the applicant). A decided application stays decided.
 */
export const applicationStatusRequestSchema = z.object({
  status: z.enum(['in-review', 'accepted', 'rejected'], 'Please choose in-review, accepted or rejected'),
  reason: reasonSchema.optional(),
});
export type ApplicationStatusRequest = z.input<typeof applicationStatusRequestSchema>;

export const opsInboxEndpoints = {
  messages: defineEndpoint({
    method: 'GET',
    path: '/ops/messages',
    summary: 'Contact messages, newest first, by state and assignee (support, admin)',
    query: messageListQuerySchema,
    responses: { 200: messageListSchema, ...errorResponses(400, 401, 403) },
  }),
  messageAssignees: defineEndpoint({
    method: 'GET',
    path: '/ops/messages/assignees',
    summary: 'The enabled operators a message may be assigned to (support, admin)',
    responses: { 200: assigneeListSchema, ...errorResponses(401, 403) },
  }),
  message: defineEndpoint({
    method: 'GET',
    path: '/ops/messages/:messageId',
    summary: 'A contact message and its thread of replies (support, admin)',
    params: messageIdParamsSchema,
    responses: { 200: messageDetailSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  replyToMessage: defineEndpoint({
    method: 'POST',
    path: '/ops/messages/:messageId/replies',
    summary: 'Reply to a contact message: e-mails the sender with their message quoted (support, admin)',
    params: messageIdParamsSchema,
    body: messageReplyRequestSchema,
    responses: { 201: messageDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
  updateMessage: defineEndpoint({
    method: 'PATCH',
    path: '/ops/messages/:messageId',
    summary: 'Close or reopen a contact message, or assign it (support, admin)',
    params: messageIdParamsSchema,
    body: messageUpdateRequestSchema,
    responses: { 200: messageDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: '/ops/partners',
    summary: 'Partnership applications, newest first, by state (partnerships, admin)',
    query: applicationListQuerySchema,
    responses: { 200: applicationListSchema, ...errorResponses(400, 401, 403) },
  }),
  application: defineEndpoint({
    method: 'GET',
    path: '/ops/partners/:applicationId',
    summary: 'A partnership application and its notes (partnerships, admin)',
    params: applicationIdParamsSchema,
    responses: { 200: applicationDetailSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  addApplicationNote: defineEndpoint({
    method: 'POST',
    path: '/ops/partners/:applicationId/notes',
    summary: 'Add a note to a partnership application (partnerships, admin)',
    params: applicationIdParamsSchema,
    body: applicationNoteRequestSchema,
    responses: { 201: applicationDetailSchema, ...errorResponses(400, 401, 403, 404) },
  }),
  setApplicationStatus: defineEndpoint({
    method: 'POST',
    path: '/ops/partners/:applicationId/status',
    summary: 'Start reviewing, accept or reject an application; accept and reject e-mail the applicant',
    params: applicationIdParamsSchema,
    body: applicationStatusRequestSchema,
    responses: { 200: applicationDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
};
