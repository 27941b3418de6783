import { useEffect } from 'react';
import { MEMBER_API, ONLINE_HEARTBEAT_SECONDS } from '../../protocol/member-api.ts';
import { apiPost } from './api-client.ts';

/**
 * While a member has the app open and visible, it tells the server once a minute (user/online/time
 * with active: true); the server counts at most one heartbeat a minute, so extra tabs add nothing.
 * Hidden tabs and offline devices stay quiet.
 */
export function useOnlineHeartbeat(memberId: number | undefined): void {
  useEffect(() => {
    if (memberId === undefined) return;
    const beat = () => {
      if (document.visibilityState !== 'visible' || !navigator.onLine) return;
      apiPost(MEMBER_API.onlineTime, { active: true }).catch(() => undefined);
    };
    const timer = setInterval(beat, ONLINE_HEARTBEAT_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [memberId]);
}
