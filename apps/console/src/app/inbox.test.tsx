import { OpsConsole } from '@console/app/console';
import { fakeEndpoint, installFakeApi, type Routes } from '@console/test/fake-api';
import { endOpsSession, startOpsSession } from '@console/test/ops-session';
import { renderRoutes } from '@console/test/render-routes';
import { type OperatorRole, opsEndpoints, roleCapabilities } from '@gvm/contract/ops';
import { type ApplicationDetail, type MessageDetail, opsInboxEndpoints } from '@gvm/contract/ops-inbox';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

let restoreApi = () => {};
afterEach(() => {
  restoreApi();
  endOpsSession();
});

function serve(role: OperatorRole, routes: Routes) {
  startOpsSession();
  const fake = installFakeApi({
    ...fakeEndpoint(opsEndpoints.me, () => ({
      status: 200,
      body: { id: OPERATOR_ID, email: `${role}@ugm.example`, role, capabilities: [...roleCapabilities[role]] },
    })),
    ...routes,
  });
  restoreApi = fake.restore;
  return fake.requests;
}

/** Operator ids are uuids: the contract refuses anything else as an assignee. */
const OPERATOR_ID = '33333333-3333-4333-8333-333333333333';

/** The first render loads the page's chunk, which can take more than findBy's default second. */
const LAZY_PAGE = { timeout: 5000 };

const renderConsole = (path: string) => renderRoutes([{ path: '/ops/*', Component: OpsConsole }], path);

const MESSAGE_ID = '11111111-1111-4111-8111-111111111111';
const message: MessageDetail = {
  id: MESSAGE_ID,
  name: 'Amelia Hart',
  email: 'amelia@example.com',
  subject: 'support',
  message: 'My gift never arrived.',
  status: 'open',
  assignedTo: null,
  closedAt: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  replies: [],
};

describe('a message’s page', () => {
  it("sends 'Your reply' with 'Send reply' and shows it in the thread", async () => {
    let current = message;
    const requests = serve('support', {
      ...fakeEndpoint(opsInboxEndpoints.message, () => ({ status: 200, body: current })),
      ...fakeEndpoint(opsInboxEndpoints.messageAssignees, () => ({ status: 200, body: { operators: [] } })),
      ...fakeEndpoint(opsInboxEndpoints.replyToMessage, ({ body }) => {
        current = {
          ...current,
          replies: [
            {
              id: 'r1',
              operator: { id: OPERATOR_ID, email: 'support@ugm.example' },
              body: body.body,
              createdAt: '2026-11-27T08:05:00.000Z',
            },
          ],
        };
        return { status: 201, body: current };
      }),
    });
    renderConsole(`/ops/messages/${MESSAGE_ID}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message from Amelia Hart' }, LAZY_PAGE),
    ).toBeInTheDocument();
    expect(screen.getByText('My gift never arrived.')).toBeInTheDocument();
    expect(screen.getByText('No replies yet.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please write a reply');
    await user.type(screen.getByLabelText('Your reply'), 'A new e-mail is on its way.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your reply is sent to amelia@example.com.');
    const thread = screen.getByRole('list', { name: 'Replies' });
    expect(within(thread).getByText('A new e-mail is on its way.')).toBeInTheDocument();
    const sent = requests.filter((request) => request.method === 'POST');
    expect(sent.map((request) => [request.path, request.body])).toEqual([
      [`/ops/messages/${MESSAGE_ID}/replies`, { body: 'A new e-mail is on its way.', requestId: expect.any(String) }],
    ]);
  });

  it('sends a reply tried again after a failure with the same request id, and a changed reply with a new one', async () => {
    let answers = 0;
    const requests = serve('support', {
      ...fakeEndpoint(opsInboxEndpoints.message, () => ({ status: 200, body: message })),
      ...fakeEndpoint(opsInboxEndpoints.messageAssignees, () => ({ status: 200, body: { operators: [] } })),
      ...fakeEndpoint(opsInboxEndpoints.replyToMessage, () => {
        answers += 1;
        return answers < 3
          ? { status: 503, body: { error: 'The service is busy. Please try again.' } }
          : { status: 201, body: message };
      }),
    });
    renderConsole(`/ops/messages/${MESSAGE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reply' }, LAZY_PAGE));
    await user.type(screen.getByLabelText('Your reply'), 'On its way.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is busy. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await screen.findByRole('alert');
    await user.type(screen.getByLabelText('Your reply'), ' Sorry!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your reply is sent to amelia@example.com.');

    const sent = requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.body as { body: string; requestId: string });
    expect(sent.map((reply) => reply.body)).toEqual(['On its way.', 'On its way.', 'On its way. Sorry!']);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
    expect(sent[2]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it("assigns the message to the signed-in operator with 'Assign to me'", async () => {
    const requests = serve('admin', {
      ...fakeEndpoint(opsInboxEndpoints.message, () => ({ status: 200, body: message })),
      ...fakeEndpoint(opsInboxEndpoints.messageAssignees, () => ({ status: 200, body: { operators: [] } })),
      ...fakeEndpoint(opsInboxEndpoints.updateMessage, ({ body }) => ({
        status: 200,
        body: { ...message, assignedTo: body.assignedTo ? { id: body.assignedTo, email: 'admin@ugm.example' } : null },
      })),
    });
    renderConsole(`/ops/messages/${MESSAGE_ID}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }, LAZY_PAGE));
    expect(await screen.findByRole('status')).toHaveTextContent('The message is assigned to you.');
    expect(requests.filter((request) => request.method === 'PATCH').map((request) => request.body)).toEqual([
      { assignedTo: OPERATOR_ID },
    ]);
    expect(screen.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
  });
});

const APPLICATION_ID = '22222222-2222-4222-8222-222222222222';
const application: ApplicationDetail = {
  id: APPLICATION_ID,
  companyName: 'Hartley Bakery',
  contactName: 'Priya Hartley',
  businessEmail: 'priya@hartley.example',
  phoneNumber: null,
  companyWebsite: null,
  businessCategory: 'food & drink',
  aboutBusiness: null,
  status: 'in-review',
  decidedAt: null,
  decidedBy: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  notes: [],
};

describe('an application’s page', () => {
  it("accepts only after 'Confirm accept', then offers no more decisions", async () => {
    const requests = serve('partnerships', {
      ...fakeEndpoint(opsInboxEndpoints.application, () => ({ status: 200, body: application })),
      ...fakeEndpoint(opsInboxEndpoints.setApplicationStatus, ({ body }) => ({
        status: 200,
        body: {
          ...application,
          status: body.status,
          decidedAt: '2026-11-27T08:10:00.000Z',
          decidedBy: { id: OPERATOR_ID, email: 'partnerships@ugm.example' },
        },
      })),
    });
    renderConsole(`/ops/partners/${APPLICATION_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hartley Bakery' }, LAZY_PAGE)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm accept' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The application is accepted; priya@hartley.example is e-mailed.',
    );
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { status: 'accepted' },
    ]);
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(screen.getByText(/by partnerships@ugm\.example/)).toBeInTheDocument();
  });

  it('refuses an operator whose role may not see partners, asking the API nothing about them', async () => {
    const requests = serve('support', {});
    renderConsole(`/ops/partners/${APPLICATION_ID}`);
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('heading', { level: 1, name: 'Hartley Bakery' })).not.toBeInTheDocument();
    expect(requests.some((request) => request.path.includes('/partners'))).toBe(false);
  });
});
