import { Type } from 'typebox';
import { textLength } from '../../../protocol/account.ts';
import { EmptyBody } from '../../../protocol/contracts/common.ts';
import { FaqCategory, FaqEntry, FaqListBody, FeedbackAddBody, FeedbackCategory, FeedbackReceipt } from '../../../protocol/contracts/support.ts';
import { CODES } from '../../../protocol/envelope.ts';
import { FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX, SUPPORT_API } from '../../../protocol/support-api.ts';
import type { AppContext } from '../../context.ts';
import { ApiError, badRequest } from '../../plugins/api-error.ts';
import { endpoints, pageAnswer } from '../endpoint.ts';
import { pageOf } from '../page-result.ts';
import type { ApiInstance } from '../schemas.ts';

/** Feedbacks one caller (guest or member) may send in FEEDBACK_WINDOW_MS. */
export const FEEDBACKS_PER_WINDOW = 5;
/** Feedbacks one address may send in the same window: new guests are free, an address is not. */
export const FEEDBACKS_PER_ADDRESS = 30;
export const FEEDBACK_WINDOW_MS = 10 * 60_000;

/** The counter keys of the feedback limits (tests release them on a shared Redis). */
export function feedbackCounterKeys(userId: number, address: string) {
  return { caller: `feedback:add:${userId}`, address: `feedback:address:${address}` };
}

const TIPS = {
  empty: '请输入反馈内容',
  tooLong: `反馈内容不能超过${FEEDBACK_CONTENT_MAX}字`,
  contactTooLong: `联系方式不能超过${FEEDBACK_CONTACT_MAX}字`,
  tooFast: '提交太频繁，请稍后再试',
  'bad-category': '请选择反馈类型',
  'bad-images': '图片不存在或已被使用，请重新上传',
} as const;

/** The help side: the FAQ of /FAQ and the feedback form of /contactUs (guests may send feedback too). */
export async function supportRoutes(api: ApiInstance, ctx: AppContext): Promise<void> {
  const question = endpoints(api, ctx, 'question');
  const feedback = endpoints(api, ctx, 'feedback');

  question(
    SUPPORT_API.questionCate,
    {
      summary: 'The FAQ categories in the operators’ order, each with how many questions it holds',
      body: EmptyBody,
      answer: Type.Array(FaqCategory),
      answerName: 'FaqCategory[]',
    },
    () => ctx.support.faqCategories(),
  );

  question(
    SUPPORT_API.questionList,
    {
      summary:
        'FAQ entries in reading order (category, then entry), narrowed to one category with cateId and to those whose question or answer contains keyword (substring, case-insensitive, wildcards literal); answers are plain text, paragraphs separated by blank lines',
      body: FaqListBody,
      ...pageAnswer(FaqEntry, 'FaqEntry'),
    },
    async ({ body }) => pageOf(body, (offset, size) => ctx.support.faqList({ cateId: body.cateId, keyword: body.keyword?.trim() }, offset, size)),
  );

  feedback(
    SUPPORT_API.feedbackCategory,
    {
      summary: 'What a feedback can be about, in the operators’ order',
      body: EmptyBody,
      answer: Type.Array(FeedbackCategory),
      answerName: 'FeedbackCategory[]',
    },
    () => ctx.support.feedbackCategories(),
  );

  feedback(
    SUPPORT_API.feedbackAdd,
    {
      summary: `Sends a feedback to the operators, from a guest or a member: plain text (1 to ${FEEDBACK_CONTENT_MAX} characters), an optional contact (up to ${FEEDBACK_CONTACT_MAX}), up to ${FEEDBACK_IMAGES_MAX} screenshots the caller uploaded with purpose feedback (each used once); ${FEEDBACKS_PER_WINDOW} per caller every ${FEEDBACK_WINDOW_MS / 60_000} minutes`,
      auth: 'required',
      changes: true,
      body: FeedbackAddBody,
      answer: FeedbackReceipt,
      answerName: 'FeedbackReceipt',
    },
    async ({ body, user, ip }) => {
      const sender = user!;
      const content = body.content.trim();
      const contact = body.contact?.trim() ?? '';
      if (!content) throw badRequest(TIPS.empty);
      if (textLength(content) > FEEDBACK_CONTENT_MAX) throw badRequest(TIPS.tooLong);
      if (textLength(contact) > FEEDBACK_CONTACT_MAX) throw badRequest(TIPS.contactTooLong);
      const keys = feedbackCounterKeys(sender.id, ip);
      if ((await ctx.stores.counter.hit(keys.caller, FEEDBACK_WINDOW_MS)) > FEEDBACKS_PER_WINDOW) throw new ApiError(CODES.TOO_MANY, TIPS.tooFast);
      if ((await ctx.stores.counter.hit(keys.address, FEEDBACK_WINDOW_MS)) > FEEDBACKS_PER_ADDRESS) throw new ApiError(CODES.TOO_MANY, TIPS.tooFast);
      const outcome = await ctx.support.addFeedback({
        userId: sender.id,
        categoryId: body.categoryId,
        content,
        contact: contact || null,
        images: body.images ?? [],
      });
      if (typeof outcome === 'string') throw badRequest(TIPS[outcome]);
      return outcome;
    },
  );
}
