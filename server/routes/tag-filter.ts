import type { AppContext } from '../context.ts';
import { badRequest, notFound } from '../plugins/api-error.ts';

/**
 * Checks the tag filter of a list body: at most one of tid and tagCateId (exactly one when
 * `required`), naming a tag or tag category that exists.
 */
export async function checkTagFilter(ctx: AppContext, tid: number | undefined, tagCateId: number | undefined, required: boolean): Promise<void> {
  if (required && tid === undefined && tagCateId === undefined) throw badRequest('参数错误: 需要 tid 或 tagCateId');
  if (tid !== undefined && tagCateId !== undefined) throw badRequest('参数错误: tid 与 tagCateId 只能选一个');
  if (tid !== undefined && !(await ctx.content.tag(tid))) throw notFound('标签不存在');
  if (tagCateId !== undefined && !(await ctx.content.tagCategory(tagCateId))) throw notFound('标签分类不存在');
}
