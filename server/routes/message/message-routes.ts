import { EmptyBody, IdBody } from '../../../protocol/contracts/common.ts';
import { MessageHasNew, MessageItem, MessageLatest, MessageListBody, MessageReadBody } from '../../../protocol/contracts/member.ts';
import { MEMBER_API } from '../../../protocol/member-api.ts';
import type { AppContext } from '../../context.ts';
import { found } from '../../plugins/api-error.ts';
import { memberOf } from '../../plugins/auth.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

/**
 * System messages of /sysMsg (members only): announcements (to everyone or to the member), and
 * comments, replies and supports addressed to the member. Reading a list marks nothing; message/read does.
 */
export async function messageRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const endpoint = endpoints(api, ctx, 'message');

  endpoint(
    MEMBER_API.messageList,
    {
      summary: "One tab of the member's messages, newest first (1 announcements, 2 comments, 3 replies, 4 supports); marks nothing read",
      auth: 'required',
      body: MessageListBody,
      ...pageAnswer(MessageItem, 'MessageItem'),
    },
    async ({ body, user }) => {
      const member = memberOf(user);
      return pageOf(body, (offset, limit) => ctx.messages.list(member.id, body.type, offset, limit));
    },
  );

  endpoint(
    MEMBER_API.messageRead,
    {
      summary: 'Marks one tab read up to its newest message and answers the unread counts',
      auth: 'required',
      changes: true,
      body: MessageReadBody,
      answer: MessageHasNew,
      answerName: 'MessageHasNew',
    },
    async ({ body, user }) => ctx.messages.markRead(memberOf(user).id, body.type),
  );

  endpoint(
    MEMBER_API.messageLatest,
    {
      summary: 'Per tab (1..4): its unread count and newest message',
      auth: 'required',
      body: EmptyBody,
      answer: MessageLatest,
      answerName: 'MessageLatest',
    },
    async ({ user }) => ctx.messages.latest(memberOf(user).id),
  );

  endpoint(
    MEMBER_API.messageHasNew,
    { summary: 'Unread messages over the four tabs, for the badge', auth: 'required', body: EmptyBody, answer: MessageHasNew, answerName: 'MessageHasNew' },
    async ({ user }) => ctx.messages.hasNew(memberOf(user).id),
  );

  endpoint(
    MEMBER_API.messageDetail,
    {
      summary: 'One announcement: one to everyone (guests may read these, /noticeDetail is a public page) or to the caller; 1006 for any other message',
      auth: 'required',
      body: IdBody,
      answer: MessageItem,
      answerName: 'MessageItem',
    },
    async ({ body, user }) => found(await ctx.messages.announcement(user!.id, body.id), '公告不存在'),
  );
}
