/** `path` with a list's filters as its query string (packages/shared/src/common/endpoints.ts). */
export { withQuery as listPath } from '@firm/shared/common/endpoints';
