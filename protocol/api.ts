/**
 * Paths and constants of the API, shared by the server and the client; the wire types are the
 * contracts in contracts/ (JSON Schema and TypeScript type from one definition), re-exported here.
 * Image fields hold a path relative to the IMAGE base of config.domain; video streams hold a
 * path relative to the VIDEO base.
 */
export const API = {
  config: '/api/app/ping/config',
  loginGuest: '/api/app/login/guest',
  loginOfficial: '/api/app/login/official',
  accountCreate: '/api/app/login/account/create',
  userInfo: '/api/app/user/info',
  logout: '/api/app/user/logout',
  userModify: '/api/app/user/info/modify',
  changePassword: '/api/app/user/changePassword',
  userAvatar: '/api/app/user/avatar',
  uploadImg: '/api/app/upload/img',
  uploadImages: '/api/app/upload/images',
  advertiseClick: '/api/app/advertise/click',
  videoList: '/api/app/video/list',
  videoDetail: '/api/app/video/detail',
} as const;

export const HOME_ID = 10782;

export type { Page } from './contracts/common.ts';
export type {
  AccountCreateBody,
  Advertise,
  AppConfig,
  AvatarBody,
  ChangePasswordBody,
  ProfileModifyBody,
  DomainEntry,
  GuestLoginBody,
  LoginResult,
  NavItem,
  OfficialLoginBody,
  Rendition,
  Thumbnails,
  UploadResult,
  UserInfo,
  VideoDetail,
  VideoItem,
  VideoListBody,
} from './contracts/app.ts';

/** A devID is a random (version 4) UUID: predictable ids such as 36 zeros are refused. */
export const DEVICE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
/** The guest secret: 43 base64url characters (32 random bytes). */
export const GUEST_SECRET_PATTERN = '^[A-Za-z0-9_-]{43}$';

/** What an upload is for; guests may upload only for feedback. */
export const UPLOAD_PURPOSES = ['avatar', 'post', 'comment', 'feedback', 'review', 'work'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const GUEST_UPLOAD_PURPOSES: readonly UploadPurpose[] = ['feedback'];

/**
 * Optional on every call that changes something (DECISIONS: idempotency), in the signed JSON body
 * (for multipart uploads, in the signed query string): a repeat within 24 h answers the first
 * answer and changes nothing.
 */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';
