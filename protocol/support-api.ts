/**
 * Paths and wire types of the help side: the FAQ (/FAQ) and feedback (/contactUs). Conventions as
 * in api.ts: every call is POST with a JSON body; lists are Page<T> with page (1-based) and
 * pageSize (1..50). The wire types are the contracts in contracts/support.ts, re-exported here.
 */
export const SUPPORT_API = {
  /** The FAQ categories in the operators' order, each with how many questions it holds. */
  questionCate: '/api/app/question/cate',
  /** FAQ entries, paged: all, one category, and/or those whose question or answer contains a keyword. */
  questionList: '/api/app/question/list',
  /** What a feedback can be about. */
  feedbackCategory: '/api/app/feedback/category',
  /** Sends a feedback (guests too): text, an optional contact, up to three screenshots. */
  feedbackAdd: '/api/app/feedback/add',
} as const;

/** Characters (code points after NFKC, like account.ts textLength) of a feedback's text. */
export const FEEDBACK_CONTENT_MAX = 500;
/** Characters of the optional contact (a phone, an e-mail, anything the sender wants). */
export const FEEDBACK_CONTACT_MAX = 100;
/** Screenshots one feedback may carry, uploaded first with purpose feedback. */
export const FEEDBACK_IMAGES_MAX = 3;
/** Characters of a FAQ search keyword. */
export const FAQ_KEYWORD_MAX = 50;

export type { FaqCategory, FaqEntry, FaqListBody, FeedbackAddBody, FeedbackCategory, FeedbackReceipt } from './contracts/support.ts';
