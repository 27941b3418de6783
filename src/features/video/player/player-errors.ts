/**
 * Player error types of SPEC §8, and how shaka's numeric error codes fall into them. Kept free of
 * shaka imports so the mapping is testable without loading the player.
 */
export const PLAYER_ERROR_TYPES = {
  network: 1,
  mse: 2,
  parse: 3,
  format: 4,
  decoder: 5,
  runtime: 6,
  timeout: 7,
  other: 8,
} as const;

export type PlayerErrorType = (typeof PLAYER_ERROR_TYPES)[keyof typeof PLAYER_ERROR_TYPES];

// Their words (视频下载错误 … 未知错误, 网络连接似乎出现了问题, 重新播放) are in the catalogue: player.*.

export interface PlayerFailure {
  type: PlayerErrorType;
  /** shaka's numeric code when the failure came from shaka, for support reports. */
  code: number | null;
}

/** HTMLMediaElement MediaError codes, which shaka forwards as data[0] of VIDEO_ERROR (3016). */
const MEDIA_ERR_NETWORK = 2;
const MEDIA_ERR_DECODE = 3;
const MEDIA_ERR_SRC_NOT_SUPPORTED = 4;

const TIMEOUT_CODES = new Set([1003, 4064, 8005, 9017]);
const MSE_CODES = new Set([3014, 3015, 3017]);
const FORMAT_CODES = new Set([3018, 3019, 3023, 4000, 4006, 4012, 4032, 4036, 4063]);
/** Codes shaka raises when a load is superseded or the player is torn down: not failures. */
const SUPERSEDED_CODES = new Set([7000, 7001, 7003]);

export function mediaErrorType(mediaErrorCode: number): PlayerErrorType {
  if (mediaErrorCode === MEDIA_ERR_NETWORK) return PLAYER_ERROR_TYPES.network;
  if (mediaErrorCode === MEDIA_ERR_SRC_NOT_SUPPORTED) return PLAYER_ERROR_TYPES.format;
  if (mediaErrorCode === MEDIA_ERR_DECODE) return PLAYER_ERROR_TYPES.decoder;
  return PLAYER_ERROR_TYPES.other;
}

export function shakaErrorType(code: number, data: readonly unknown[] = []): PlayerErrorType {
  if (TIMEOUT_CODES.has(code)) return PLAYER_ERROR_TYPES.timeout;
  if (code === 3016) {
    const mediaCode = data[0];
    return typeof mediaCode === 'number' ? mediaErrorType(mediaCode) : PLAYER_ERROR_TYPES.decoder;
  }
  if (MSE_CODES.has(code)) return PLAYER_ERROR_TYPES.mse;
  if (FORMAT_CODES.has(code)) return PLAYER_ERROR_TYPES.format;
  if (code >= 1000 && code < 2000) return PLAYER_ERROR_TYPES.network;
  if (code >= 2000 && code < 5000) return PLAYER_ERROR_TYPES.parse;
  if (code >= 5000 && code < 6000) return PLAYER_ERROR_TYPES.runtime;
  if (code >= 6000 && code < 7000) return PLAYER_ERROR_TYPES.format;
  if (code >= 7000 && code < 8000) return PLAYER_ERROR_TYPES.runtime;
  return PLAYER_ERROR_TYPES.other;
}

interface ShakaErrorLike {
  code: number;
  data?: unknown;
}

function isShakaErrorLike(error: unknown): error is ShakaErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number';
}

export function isSupersededLoad(error: unknown): boolean {
  return isShakaErrorLike(error) && SUPERSEDED_CODES.has(error.code);
}

/** Classifies anything a player operation threw or emitted. */
export function toPlayerFailure(error: unknown): PlayerFailure {
  if (isShakaErrorLike(error)) {
    const data = Array.isArray(error.data) ? error.data : [];
    return { type: shakaErrorType(error.code, data), code: error.code };
  }
  if (error instanceof Error) return { type: PLAYER_ERROR_TYPES.runtime, code: null };
  return { type: PLAYER_ERROR_TYPES.other, code: null };
}
