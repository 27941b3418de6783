import { MESSAGE_TYPE, type MessageType } from '../../../protocol/member-api.ts';

// Apart from the page: the route's search check needs these, and it ships with the app's first script.
export const MESSAGE_TABS = [
  { type: MESSAGE_TYPE.NOTICE, key: 'notice' },
  { type: MESSAGE_TYPE.COMMENT, key: 'comment' },
  { type: MESSAGE_TYPE.REPLY, key: 'reply' },
  { type: MESSAGE_TYPE.SUPPORT, key: 'support' },
] as const;

export function messageTypeOf(value: unknown): MessageType | undefined {
  const n = Number(value);
  return MESSAGE_TABS.some((tab) => tab.type === n) ? (n as MessageType) : undefined;
}
