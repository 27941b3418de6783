import type { Insertable } from 'kysely';
import type { MessageTable } from '../db/schema.ts';
import { announcementRow } from '../db/repositories/messages.ts';

const DAY_MS = 86_400_000;

/** Neutral demo announcements to everyone (tab 1 of /sysMsg), newest last; `daysAgo` dates each. */
export const ANNOUNCEMENTS: { title: string; content: string; daysAgo: number }[] = [
  {
    title: '欢迎来到社区',
    daysAgo: 40,
    content: [
      '欢迎加入我们！这里汇集了旅行、美食、运动、城市与自然等各类精选短片，每天都有新内容上架。',
      '注册会员后，你可以收藏喜欢的视频、关注创作者、参与评论与讨论，还能每天签到领取积分。',
      '如果在使用中遇到任何问题，欢迎通过「意见反馈」告诉我们，我们会尽快回复。',
    ].join('\n\n'),
  },
  {
    title: '社区公约',
    daysAgo: 30,
    content: [
      '为了让每一位成员都能愉快地交流，请在发表评论和帖子时遵守以下约定：',
      '一、友善交流，尊重不同观点，不进行人身攻击；\n二、不发布广告、刷屏或与内容无关的信息；\n三、尊重原创，转载请注明出处；\n四、保护个人隐私，不公开他人的联系方式等信息。',
      '违反公约的内容将被隐藏，情节严重的账号可能被限制使用。感谢大家共同维护良好的社区氛围。',
    ].join('\n\n'),
  },
  {
    title: '每日签到与积分规则',
    daysAgo: 18,
    content: [
      '每日签到即可获得 10 积分。同一个自然月内连续签到 3、7、15、28 天，还可以分别领取 20、50、120、300 积分的连续签到奖励，每个奖励每月可领取一次。',
      '积分累计后会提升你的称号：新人、见习、常客、达人、资深、元老。积分排行榜实时更新，快来看看你排第几吧。',
      '签到以自然日为准，每天零点后即可开始新一天的签到。',
    ].join('\n\n'),
  },
  {
    title: '平台更新说明',
    daysAgo: 9,
    content: [
      '本次更新优化了视频加载速度，首屏打开更快，弱网环境下播放也更加流畅。',
      '同时修复了部分机型上全屏播放后进度条显示不全的问题，并改进了搜索结果的排序，相关演员、标签和帖子会一起展示。',
      '感谢大家的反馈，我们会持续改进使用体验。',
    ].join('\n\n'),
  },
  {
    title: '新功能上线：系统消息',
    daysAgo: 2,
    content: [
      '「系统消息」现已上线。你可以在这里查看平台公告，以及别人对你的评论、回复和点赞。',
      '有新消息时，消息入口会显示未读数量；打开对应的分类后即视为已读。',
      '欢迎体验，并告诉我们你的想法。',
    ].join('\n\n'),
  },
];

/** The announcements as rows, dated `daysAgo` before `now`. */
export function announcementRows(now = Date.now()): Insertable<MessageTable>[] {
  return ANNOUNCEMENTS.map((a) => announcementRow({ title: a.title, content: a.content, createdAt: new Date(now - a.daysAgo * DAY_MS) }));
}
