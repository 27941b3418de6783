/**
 * Contracts of the app calls (config, sign-in, user, uploads, videos). Image fields hold a path
 * relative to the IMAGE base of config.domain; video streams a path relative to the VIDEO base.
 */
import { Type, type Static, type TOptional, type TString } from 'typebox';
import { PASSWORD_MAX } from '../account.ts';
import { DEVICE_ID_PATTERN, REQUEST_ID_PATTERN, UPLOAD_PURPOSES, GUEST_UPLOAD_PURPOSES } from '../api.ts';
import { Author, ContentItem, DateTime, Id, PageBody, Picture } from './common.ts';

const text = (maxLength: number) => Type.String({ maxLength });

// Config -------------------------------------------------------------------------------------------
export const DomainEntry = Type.Object({ type: Type.Enum(['IMAGE', 'VIDEO', 'API']), urls: Type.Array(Type.String()) });
export type DomainEntry = Static<typeof DomainEntry>;

/** Banner or menu item; navigation by bindType (SPEC §2). */
export const NavItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  bindType: Type.Integer({ minimum: 0, maximum: 6 }),
  bindInt: Type.Integer(),
  bindStr: Type.String(),
  jumpType: Type.Integer(),
  contentType: Type.Integer(),
  sort: Type.Integer(),
  image: Type.Optional(Type.String()),
});
export type NavItem = Static<typeof NavItem>;

/** The fields an ad's link may sit in, in the order a client looks for it (SPEC §2). */
export const AD_LINK_FIELDS = ['href', 'link', 'url', 'linkUrl', 'quickLinkUrl'] as const;
export type AdLinkField = (typeof AD_LINK_FIELDS)[number];

const adLinks = Object.fromEntries(AD_LINK_FIELDS.map((field) => [field, Type.Optional(Type.String())])) as Record<AdLinkField, TOptional<TString>>;

/**
 * An ad; its link sits in one of the link fields, which one depends on the slot (SPEC §2). Its
 * picture's size lets a page draw it at its own ratio, its box reserved before it loads.
 */
export const Advertise = Type.Object({ id: Type.Integer(), position: Type.String(), title: Type.String(), ...Picture('image'), ...adLinks });
export type Advertise = Static<typeof Advertise>;

export const AppConfig = Type.Object({
  domain: Type.Array(DomainEntry),
  headerMenus: Type.Array(NavItem),
  advertise: Type.Array(Advertise),
  serverTime: Type.Integer({ description: 'milliseconds since the epoch' }),
});
export type AppConfig = Static<typeof AppConfig>;

// Sign-in and user -----------------------------------------------------------------------------------
/** The signed-in user: the profile others see (as an Author), and the account behind it. */
export const UserInfo = Type.Object({
  ...Author.properties,
  avatar: Type.String({ description: 'path relative to the IMAGE base' }),
  /** The member's 个性签名; '' when none. */
  signature: Type.String(),
  account: Type.String(),
  mobile: Type.String(),
  isUser: Type.Boolean({ description: 'false for guests' }),
});
export type UserInfo = Static<typeof UserInfo>;

export const LoginResult = Type.Object({
  token: Type.String(),
  userInfo: UserInfo,
  /**
   * Guest login only: the device secret the guest is bound to (DECISIONS: guest binding). The
   * device keeps it as the app store's `uuid` and sends it with its devID on later guest logins;
   * a devID without its secret gets a new guest.
   */
  uuid: Type.Optional(Type.String({ description: 'guest login only, when a new guest was made: the device secret to send with its devID next time' })),
});
export type LoginResult = Static<typeof LoginResult>;

export const GuestLoginBody = Type.Object(
  {
    affCode: Type.Optional(text(64)),
    devID: Type.String({ pattern: DEVICE_ID_PATTERN, description: 'a random version 4 UUID, lower case' }),
    // Lenient on purpose: a device holding an old or broken value simply gets a new guest.
    uuid: Type.Optional(Type.String({ maxLength: 64, description: 'the secret an earlier guest login of this device answered' })),
  },
  { additionalProperties: false },
);
export type GuestLoginBody = Static<typeof GuestLoginBody>;

/** Lengths are checked in code points by the handler (protocol/account.ts), in the form's order; the schema only bounds the size. */
export const OfficialLoginBody = Type.Object({ account: text(64), password: text(PASSWORD_MAX) }, { additionalProperties: false });
export type OfficialLoginBody = Static<typeof OfficialLoginBody>;

export const AccountCreateBody = Type.Object(
  { account: text(64), password: text(PASSWORD_MAX), confirmPassword: text(PASSWORD_MAX) },
  { additionalProperties: false },
);
export type AccountCreateBody = Static<typeof AccountCreateBody>;

/** user/info/modify: what the member changes; lengths in code points are checked by the handler (protocol/account.ts). */
export const ProfileModifyBody = Type.Object(
  { nickname: Type.Optional(text(64)), signature: Type.Optional(text(400)) },
  { additionalProperties: false, minProperties: 1 },
);
export type ProfileModifyBody = Static<typeof ProfileModifyBody>;

/** user/avatar: an image the member uploaded with purpose avatar (upload/img), square. */
export const AvatarBody = Type.Object(
  { path: Type.String({ minLength: 1, maxLength: 200, description: 'the path upload/img answered' }) },
  { additionalProperties: false },
);
export type AvatarBody = Static<typeof AvatarBody>;

/** user/changePassword: checked in this order (old, new, confirmation, length, old correct). */
export const ChangePasswordBody = Type.Object(
  { oldPassword: text(PASSWORD_MAX), newPassword: text(PASSWORD_MAX), confirmPassword: text(PASSWORD_MAX) },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

// Uploads --------------------------------------------------------------------------------------------
export const UploadQuery = Type.Object(
  {
    purpose: Type.Enum([...UPLOAD_PURPOSES], { description: `what the image is for; guests may upload only for ${GUEST_UPLOAD_PURPOSES.join(', ')}` }),
    requestId: Type.Optional(Type.String({ pattern: REQUEST_ID_PATTERN, description: 'optional; identifies a retried upload' })),
  },
  { additionalProperties: false },
);

export const UploadResult = Type.Object({
  path: Type.String({ description: 'path relative to the IMAGE base' }),
  width: Type.Integer(),
  height: Type.Integer(),
  type: Type.String(),
});
export type UploadResult = Static<typeof UploadResult>;

export const UploadList = Type.Object({ list: Type.Array(UploadResult) });

// Videos ---------------------------------------------------------------------------------------------
export const VideoListBody = Type.Object({ categoryId: Id, ...PageBody.properties }, { additionalProperties: false });
export type VideoListBody = Static<typeof VideoListBody>;

export const VideoItem = ContentItem(2, {
  title: Type.String(),
  ...Picture('cover', 'poster size hint in pixels'),
  duration: Type.Integer({ description: 'seconds' }),
  playCount: Type.Integer(),
  likeCount: Type.Integer(),
  commentCount: Type.Integer(),
  categoryId: Type.Integer(),
  createdAt: DateTime,
});
export type VideoItem = Static<typeof VideoItem>;

export const Rendition = Type.Object({ height: Type.Integer(), width: Type.Integer(), bandwidth: Type.Integer(), label: Type.String() });
export type Rendition = Static<typeof Rendition>;

/**
 * The progress-bar preview: one sprite sheet of `columns` x `rows` tiles, each `width` x `height`,
 * tile n showing the frame at n * `interval` seconds, row by row.
 */
export const Thumbnails = Type.Object(
  {
    url: Type.String({ description: 'masked image path relative to the IMAGE base' }),
    interval: Type.Number(),
    columns: Type.Integer(),
    rows: Type.Integer(),
    width: Type.Integer(),
    height: Type.Integer(),
  },
  {
    description:
      'progress-bar preview: a masked sprite sheet (path relative to the IMAGE base) of columns x rows tiles of width x height, tile n at n * interval seconds',
  },
);
export type Thumbnails = Static<typeof Thumbnails>;

export const VideoDetail = Type.Object({
  ...VideoItem.properties,
  description: Type.String(),
  collectCount: Type.Integer(),
  stream: Type.String({ description: 'DASH manifest path relative to the VIDEO base' }),
  poster: Type.String({ description: 'thumbnail sprite or still, relative to the IMAGE base' }),
  renditions: Type.Array(Rendition),
  thumbnails: Thumbnails,
  tags: Type.Array(Type.String()),
  recommend: Type.Array(VideoItem),
});
export type VideoDetail = Static<typeof VideoDetail>;
