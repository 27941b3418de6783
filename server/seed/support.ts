/**
 * The demo help content: FAQ categories with questions that describe how this app works, and the
 * kinds of feedback /contactUs offers. Seeded once behind an app_meta marker
 * (`supportRepository.insertDemo`), so what operators change later is never seeded again.
 * Answers are plain text, paragraphs separated by blank lines.
 */
import { CHECKIN_PRIZES, POINTS_PER_CHECKIN, TITLE_LEVELS } from '../db/repositories/members.ts';
import { INVITE_POINTS } from '../accounts/invites.ts';
import { POST_CONTENT_MAX, POST_IMAGES_MAX, POST_PRICE_MAX, POST_TAGS_MAX, POST_TITLE_MAX } from '../../protocol/contracts/content.ts';

export interface DemoFaqCategory {
  name: string;
  entries: { question: string; answer: string }[];
}

const paragraphs = (...lines: string[]) => lines.join('\n\n');
const prizes = CHECKIN_PRIZES.map((p) => p.days).join('、');
const prizePoints = CHECKIN_PRIZES.map((p) => p.points).join('、');
const titles = TITLE_LEVELS.map((l) => (l.minScore > 0 ? `${l.name}（${l.minScore}）` : l.name)).join('、');

export const FAQ_CATEGORIES: DemoFaqCategory[] = [
  {
    name: '账号与登录',
    entries: [
      {
        question: '为什么我没有注册也能看视频？',
        answer: paragraphs(
          '第一次打开应用时，我们会为这台设备自动创建一个游客身份并登录，你可以直接浏览和播放视频，不需要填写任何信息。',
          '游客身份保存在当前浏览器中：清除浏览器数据或换一台设备后，会得到一个新的游客身份。收藏、关注、评论、发帖和签到需要注册账号后使用。',
        ),
      },
      {
        question: '注册后，游客时的观看记录还在吗？',
        answer: paragraphs(
          '在。在游客状态下注册时，这个游客会直接变成你的新账号：在这台设备上的观看历史和播放进度都会保留，并同步到账号中。',
          '注册只需要账号和密码，两者都不少于 6 位。如果你登录的是另一个已有账号，这台设备之后的观看记录会同步到那个账号。',
        ),
      },
      {
        question: '忘记密码怎么办？',
        answer: paragraphs(
          '如果账号绑定了手机号：在登录弹窗中点击「忘记密码？」，用手机验证码设置新密码。设置后，所有设备上的登录都会失效，需要用新密码重新登录。',
          '没有绑定手机号的账号无法通过验证码找回密码。建议登录后在「账号设置」中绑定手机号，或生成「账号凭证」并妥善保存。',
        ),
      },
      {
        question: '换了新手机，怎样登录原来的账号？',
        answer: paragraphs(
          '有三种方式：用账号和密码登录；用已绑定的手机号和验证码登录（登录弹窗中的「验证码登录」）；或者在原设备的「账号设置」中生成「账号凭证」二维码，用新设备扫码即可恢复账号。',
          '账号凭证只显示一次，请保存图片并妥善保管；重新生成后，旧凭证立即失效。',
        ),
      },
      {
        question: '密码输错几次后，为什么登录变慢了？',
        answer: '为了防止他人猜测密码，同一账号连续输错后，登录检查会放慢。这不会锁住你的账号：稍等片刻，再用正确的密码登录即可。',
      },
    ],
  },
  {
    name: '播放问题',
    entries: [
      {
        question: '视频的清晰度可以调整吗？',
        answer: paragraphs(
          '每个视频都提供 360p、720p 和 1080p 三种清晰度。默认的「自动」会根据网速切换：网络变慢时先降低清晰度，保证播放流畅；网速恢复后再提高。',
          '你也可以在播放器的「清晰度」菜单中固定选择一种清晰度。',
        ),
      },
      {
        question: '视频一直缓冲或卡住怎么办？',
        answer: paragraphs(
          '请先检查网络连接，或在「清晰度」菜单中切换到 360p。播放器发现长时间卡住时会提示你重试，刷新页面通常也能解决。',
          '如果某个视频始终无法播放，请在「联系我们」页面提交意见反馈，类型选择「播放问题」，写明视频名称，最好附上截图。',
        ),
      },
      {
        question: '下次打开视频，能从上次看到的位置继续吗？',
        answer: paragraphs(
          '可以。观看进度保存在你的设备上，再次打开同一个视频时会从上次的位置继续；已经看完的视频会从头开始播放。',
          '注册会员的观看历史还会同步到账号，在其他设备上登录后也能看到。',
        ),
      },
      {
        question: '可以把应用安装到手机桌面吗？',
        answer: paragraphs(
          '可以。这是一个可安装的网页应用（PWA）：在手机浏览器的菜单中选择「添加到主屏幕」，或在电脑上的 Chrome、Edge 地址栏点击安装图标，之后就能像普通应用一样从桌面打开。',
          '安装后，应用的界面和看过的图片会缓存在设备上，再次打开更快。',
        ),
      },
      {
        question: '没有网络的时候还能用吗？',
        answer: paragraphs(
          '可以查看一部分内容：观看历史保存在设备上，离线时也能在「我的」页面查看；最近打开过的页面会显示上次加载的内容。',
          '播放视频、评论、签到和发帖需要联网。',
        ),
      },
    ],
  },
  {
    name: '积分与签到',
    entries: [
      {
        question: '怎样获得积分？',
        answer: paragraphs(
          `注册会员每天签到可获得 ${POINTS_PER_CHECKIN} 积分；同一自然月内连续签到 ${prizes} 天，还能分别领取 ${prizePoints} 积分的连续签到奖励，每个奖励每月可领取一次。`,
          `邀请好友通过你的邀请链接注册，每邀请一人可获得 ${INVITE_POINTS} 积分。你发布的付费帖子被其他人解锁时，积分也会计入你的账户。`,
        ),
      },
      {
        question: '签到按什么时间算「一天」？',
        answer: paragraphs(
          '按自然日计算，每天零点之后就可以签到新的一天。漏签一天，连续签到天数会重新开始计算。',
          '在「我的」页面的签到日历中，可以看到本月每天的签到情况和累计签到天数。',
        ),
      },
      {
        question: '积分有什么用？',
        answer: paragraphs(
          '积分可以用来解锁付费帖子。积分越多，称号越高：' + titles + '。',
          '在「我的」页面可以查看当前称号、离下一个称号还差多少积分，以及积分排行榜。',
        ),
      },
      {
        question: '在哪里查看积分的来龙去脉？',
        answer: '在「我的」页面的「我的积分」中打开「积分明细」，可以看到每一笔积分的来源（签到、连续签到奖励、邀请、解锁帖子、帖子收入）和变动后的余额。',
      },
    ],
  },
  {
    name: '帖子与评论',
    entries: [
      {
        question: '如何发布帖子？',
        answer: paragraphs(
          `注册会员在「讨论」页面点击「发帖」即可。帖子需要标题（不超过 ${POST_TITLE_MAX} 字）和正文（不超过 ${POST_CONTENT_MAX} 字），最多可以添加 ${POST_IMAGES_MAX} 张图片和 ${POST_TAGS_MAX} 个话题。`,
          '编辑中的内容会自动保存为草稿，刷新页面或暂时离开也不会丢失。',
        ),
      },
      {
        question: '什么是付费帖子？怎样解锁？',
        answer: paragraphs(
          `作者发帖时可以设置 0 到 ${POST_PRICE_MAX} 积分的价格。付费帖子在解锁前只显示正文开头，不显示图片。`,
          '点击「解锁」后会扣除相应积分，作者获得这些积分。每篇帖子只需解锁一次，之后随时可以查看全文；积分不足时会提示还差多少。',
        ),
      },
      {
        question: '为什么我的帖子显示「审核中」？',
        answer: paragraphs(
          '在部分时期，新帖子需要审核通过后才会公开。审核期间只有你自己能在「我的」页面的「我的帖子」中看到它。',
          '未通过审核的帖子会注明原因，你可以根据原因修改后重新发布。',
        ),
      },
      {
        question: '第一次评论时，为什么要同意社区规范？',
        answer: paragraphs(
          '为了维护友善的交流氛围，每位会员第一次发表评论前需要阅读并同意社区规范，同意一次即可。',
          '有人回复或点赞你的评论时，会在「系统消息」中通知你。评论和帖子都以纯文本显示。',
        ),
      },
      {
        question: '看到不当内容怎么办？',
        answer: '请在「联系我们」页面提交意见反馈，类型选择「内容问题」，写明帖子或评论所在的页面，并附上截图。我们核实后会尽快处理。',
      },
    ],
  },
  {
    name: '隐私与安全',
    entries: [
      {
        question: '应用会保存我的哪些数据？',
        answer: paragraphs(
          '服务器上保存你的账号资料、收藏与关注、观看历史、评论、帖子、积分和签到记录；观看历史同时保存在你的设备上，方便离线查看。',
          '我们不会出售你的数据。详细说明请查看「联系我们」页面中的隐私政策。',
        ),
      },
      {
        question: '如何导出我的数据？',
        answer:
          '登录后进入「账号设置」，在「数据与账号」中点击「导出我的数据」，即可下载一个 JSON 文件，包含你的资料、收藏、关注、观看历史、帖子、评论、积分和签到记录。',
      },
      {
        question: '如何注销账号？',
        answer: paragraphs(
          '在「账号设置」的「数据与账号」中点击「注销账号」，输入密码确认（只绑定了手机号的账号使用短信验证码）。',
          '注销后账号无法恢复，所有设备上的登录立即失效；收藏、历史、积分和消息会被删除，你发表过的评论和帖子将显示为「已注销用户」。建议先导出数据。',
        ),
      },
      {
        question: '什么是锁屏密码？',
        answer: paragraphs(
          '在「账号设置」中可以开启 4 到 6 位数字的锁屏密码。开启后，应用离开超过一分钟再回来时需要输入密码，适合与他人共用设备时使用。',
          '连续输错多次需要等待一段时间，输错十次会自动退出登录。',
        ),
      },
      {
        question: '在公共电脑上使用要注意什么？',
        answer: '用完后请在「我的」页面退出登录。退出时，这台设备上缓存的个人数据会被清除，之后会以新的游客身份继续浏览。',
      },
    ],
  },
];

/** What a feedback can be about, in the order /contactUs offers them. */
export const FEEDBACK_CATEGORIES = ['功能建议', '播放问题', '内容问题', '账号问题', '其他'];
