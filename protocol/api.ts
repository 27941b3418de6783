/**
 * Paths and wire types of the API, shared by the server (schemas mirror these) and the client.
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
  uploadImg: '/api/app/upload/img',
  uploadImages: '/api/app/upload/images',
  advertiseClick: '/api/app/advertise/click',
  videoList: '/api/app/video/list',
  videoDetail: '/api/app/video/detail',
} as const;

export const HOME_ID = 10782;

export interface DomainEntry {
  type: 'IMAGE' | 'VIDEO' | 'API';
  urls: string[];
}

/** Banner or menu item; navigation by bindType (SPEC §2). */
export interface NavItem {
  id: number;
  name: string;
  bindType: number;
  bindInt: number;
  bindStr: string;
  jumpType: number;
  contentType: number;
  sort: number;
  image?: string;
}

export interface Advertise {
  id: number;
  position: string;
  title: string;
  image: string;
  href?: string;
  link?: string;
  url?: string;
  linkUrl?: string;
  quickLinkUrl?: string;
}

export interface AppConfig {
  domain: DomainEntry[];
  headerMenus: NavItem[];
  advertise: Advertise[];
  serverTime: number;
}

export interface UserInfo {
  id: number;
  account: string;
  mobile: string;
  nickname: string;
  avatar: string;
  isUser: boolean;
}

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  /**
   * Guest login only: the device secret the guest is bound to (DECISIONS: guest binding). The
   * device keeps it as the app store's `uuid` and sends it with its devID on later guest logins;
   * a devID without its secret gets a new guest.
   */
  uuid?: string;
}

/** A devID is a random (version 4) UUID: predictable ids such as 36 zeros are refused. */
export const DEVICE_ID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
/** The guest secret: 43 base64url characters (32 random bytes). */
export const GUEST_SECRET_PATTERN = '^[A-Za-z0-9_-]{43}$';

export interface GuestLoginBody {
  affCode: string;
  devID: string;
  /** The secret a previous guest login of this device answered; absent on a first login. */
  uuid?: string;
}

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

export interface OfficialLoginBody {
  account: string;
  password: string;
}

export interface AccountCreateBody {
  account: string;
  password: string;
  confirmPassword: string;
}

export interface UploadResult {
  /** Path relative to the IMAGE base. */
  path: string;
  width: number;
  height: number;
  type: string;
}

export interface Page<T> {
  list: T[];
  page: number;
  pageSize: number;
  total: number;
  hasMore: boolean;
}

export interface VideoListBody {
  categoryId: number;
  page: number;
  pageSize: number;
}

export interface VideoItem {
  id: number;
  contentType: 2;
  title: string;
  cover: string;
  /** Poster size hint in pixels. */
  coverWidth: number;
  coverHeight: number;
  duration: number;
  playCount: number;
  likeCount: number;
  commentCount: number;
  categoryId: number;
  createdAt: string;
}

export interface Rendition {
  height: number;
  width: number;
  bandwidth: number;
  label: string;
}

/**
 * The progress-bar preview: one sprite sheet of `columns` x `rows` tiles, each `width` x `height`,
 * tile n showing the frame at n * `interval` seconds, row by row.
 */
export interface Thumbnails {
  /** Masked image path relative to the IMAGE base. */
  url: string;
  interval: number;
  columns: number;
  rows: number;
  width: number;
  height: number;
}

export interface VideoDetail extends VideoItem {
  description: string;
  collectCount: number;
  /** DASH manifest path relative to the VIDEO base. */
  stream: string;
  /** Thumbnail sprite or still, relative to the IMAGE base. */
  poster: string;
  renditions: Rendition[];
  thumbnails: Thumbnails;
  tags: string[];
  recommend: VideoItem[];
}
