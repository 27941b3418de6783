/** Points an inviter earns when someone who came through their link signs up. */
export const INVITE_POINTS = 50;

const PREFIX = 'M';
const CODE = /^M([0-9A-Z]{1,8})$/;

/** A member's invite code: their id in base 36 behind a letter (public, like the link it goes in). */
export function inviteCodeOf(userId: number): string {
  return `${PREFIX}${userId.toString(36).toUpperCase()}`;
}

/**
 * The inviter a guest login's affCode names (SPEC: base64 of JSON {dc, pc}; the invite link puts
 * the code in pc), or null when it names none. Anything malformed is simply no inviter.
 */
export function inviterIdOf(affCode: string): number | null {
  if (!affCode) return null;
  let pc: unknown;
  try {
    pc = (JSON.parse(Buffer.from(affCode, 'base64').toString('utf8')) as { pc?: unknown }).pc;
  } catch {
    return null;
  }
  const match = typeof pc === 'string' ? CODE.exec(pc.trim().toUpperCase()) : null;
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
