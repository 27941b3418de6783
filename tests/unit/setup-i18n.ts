// The page's modules read their words from i18next; unit tests run them in Chinese, the spec's language.
import { initI18n, loadPageStrings } from '../../src/i18n/index.ts';

await initI18n('zh-CN');
await loadPageStrings();
