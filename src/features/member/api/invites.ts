import { useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../protocol/api.ts';
import { MEMBER_API, type InviteIncome, type Invitee, type ShareInfo } from '../../../../protocol/member-api.ts';
import { apiPost } from '../../../lib/api-client.ts';
import { memberKeys } from '../../../lib/member-queries.ts';

/** Invites shown on /mine: the newest few invitees. */
export const INVITEES_SHOWN = 10;

export interface InviteOverview {
  share: ShareInfo;
  income: InviteIncome;
  invitees: Invitee[];
}

/** The member's invite code, what it brought and the newest invitees, in one query. */
export function useInvites(userId: number) {
  return useQuery({
    queryKey: memberKeys.invites(userId),
    queryFn: async (): Promise<InviteOverview> => {
      const [share, income, invitees] = await Promise.all([
        apiPost<ShareInfo>(MEMBER_API.userShareqr, {}),
        apiPost<InviteIncome>(MEMBER_API.inviteIncome, {}),
        apiPost<Page<Invitee>>(MEMBER_API.inviteList, { page: 1, pageSize: INVITEES_SHOWN }),
      ]);
      return { share, income, invitees: invitees.list };
    },
    staleTime: 30_000,
  });
}

/** The invite link: the site's home with the code where the guest login reads it (?pc=, SPEC §3). */
export function inviteLink(code: string, origin: string = location.origin): string {
  return `${origin}/?pc=${encodeURIComponent(code)}`;
}
