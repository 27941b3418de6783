/** Client-side message catalogue of SPEC §8, shared by page, service worker and worker. */
export const HTTP_STATUS_MESSAGES: Record<number, string> = {
  400: '请求错误',
  401: '用户没有权限。',
  403: '用户得到授权，但是访问是被禁止的。',
  404: '请求地址不存在',
  405: '请求方法不允许',
  406: '请求的格式不可得。',
  410: '请求的资源被永久删除',
  422: '验证错误',
  500: '服务器发生错误',
  502: '网关错误。',
  503: '服务不可用，服务器暂时过载或维护。',
  504: '网关超时。',
};

export const MSG_DEFAULT_ERROR = '请求出错啦~';
export const MSG_NO_RESPONSE = '您的网络发生异常，无法连接服务器';
export const MSG_INTERCEPTOR = '服务器异常';
export const MSG_LOGIN_INVALID = '您的登录状态已失效';

/** Message for a failed HTTP status; statuses outside the catalogue use the default error. */
export function httpStatusMessage(status: number): string {
  return HTTP_STATUS_MESSAGES[status] ?? MSG_DEFAULT_ERROR;
}
