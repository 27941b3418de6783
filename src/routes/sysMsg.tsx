import { createFileRoute } from '@tanstack/react-router';
import type { MessageType } from '../../protocol/member-api.ts';
import { messageTypeOf } from '../features/member/message-tabs.ts';
import { SysMsgPage } from '../features/member/sys-msg-page.tsx';

export const Route = createFileRoute('/sysMsg')({
  validateSearch: (search: Record<string, unknown>): { tab?: MessageType } => ({ tab: messageTypeOf(search.tab) }),
  component: function SysMsgRoute() {
    const { tab } = Route.useSearch();
    return <SysMsgPage type={tab ?? 1} />;
  },
});
