/**
 * Contracts of the help side: the FAQ (question/cate, question/list) and feedback
 * (feedback/category, feedback/add). Every call is POST with a JSON body.
 */
import { Type, type Static } from 'typebox';
import { FAQ_KEYWORD_MAX, FEEDBACK_CONTACT_MAX, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGES_MAX } from '../support-api.ts';
import { DateTime, Id, PageBody } from './common.ts';

/** Bodies are closed: an unknown field is bad input. */
const body = <P extends Parameters<typeof Type.Object>[0]>(properties: P) => Type.Object(properties, { additionalProperties: false });

/** question/cate: one FAQ category. */
export const FaqCategory = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sort: Type.Integer({ description: 'the operators’ order, lowest first' }),
  questionCount: Type.Integer({ description: 'how many questions the category holds' }),
});
export type FaqCategory = Static<typeof FaqCategory>;

/** question/list: a page of the FAQ, narrowed to one category and/or a keyword. */
export const FaqListBody = body({
  ...PageBody.properties,
  cateId: Type.Optional(Id),
  keyword: Type.Optional(
    Type.String({
      maxLength: FAQ_KEYWORD_MAX,
      description: 'matched anywhere in the question or the answer, case-insensitively (wildcards taken literally); blank lists everything',
    }),
  ),
});
export type FaqListBody = Static<typeof FaqListBody>;

/** One question with its answer. */
export const FaqEntry = Type.Object({
  id: Type.Integer(),
  cateId: Type.Integer(),
  question: Type.String(),
  answer: Type.String({ description: 'plain text, paragraphs separated by blank lines; never HTML' }),
  sort: Type.Integer(),
});
export type FaqEntry = Static<typeof FaqEntry>;

/** feedback/category: what a feedback can be about. */
export const FeedbackCategory = Type.Object({ id: Type.Integer(), name: Type.String() });
export type FeedbackCategory = Static<typeof FeedbackCategory>;

/** feedback/add: plain text, an optional way to reach the sender, up to three screenshots. */
export const FeedbackAddBody = body({
  categoryId: Id,
  content: Type.String({ maxLength: FEEDBACK_CONTENT_MAX * 4, description: `1 to ${FEEDBACK_CONTENT_MAX} characters after trimming; plain text` }),
  contact: Type.Optional(
    Type.String({ maxLength: FEEDBACK_CONTACT_MAX * 4, description: `up to ${FEEDBACK_CONTACT_MAX} characters: a phone, an e-mail, anything` }),
  ),
  images: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), {
      maxItems: FEEDBACK_IMAGES_MAX,
      uniqueItems: true,
      description: 'paths the caller uploaded with purpose feedback (upload/img, upload/images), each used once',
    }),
  ),
});
export type FeedbackAddBody = Static<typeof FeedbackAddBody>;

/** What feedback/add answers: the feedback's number and when it arrived. */
export const FeedbackReceipt = Type.Object({ id: Type.Integer(), createdAt: DateTime });
export type FeedbackReceipt = Static<typeof FeedbackReceipt>;
