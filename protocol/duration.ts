/**
 * The one rounding of a media length or position to whole seconds, used where a duration is
 * stored (the server, from the encoded clip's manifest) and wherever one is shown (cards, the
 * player's clock, watch history), so a card never says 00:08 while the player says 00:07.
 *
 * Down to the second like a clock, after a 50 ms allowance: a browser reports an 8.0 s DASH clip as
 * 7.999999 s once it has played to the end, and the manifest gives lengths to a tenth.
 */
export const WHOLE_SECOND_ALLOWANCE = 0.05;

export function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds + WHOLE_SECOND_ALLOWANCE) : 0;
}
