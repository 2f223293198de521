/**
 * CloudFront Function (viewer request, default behaviour only): a path whose last segment has no file
 * extension is a client route and is served /index.html. It is not attached to /api/*, so API 404s stay JSON.
 * Written in the ES5 subset of the cloudfront-js-2.0 runtime.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;
