import { isMalformedPath } from './path-spelling';

describe('isMalformedPath', () => {
  it.each([
    '/',
    '/api/job/get',
    '/api/job/get/',
    '/api/job/get?search=%41%2F..%2F&page=2',
    '/api/user/get?search=caf%C3%A9',
    '/api/job/get/3f2a6c1e-8a43-4e43-9d9b-1c8d2a9e0b11',
    '/mf/mf-core/remoteEntry.js',
    '/main.0123abcd.js',
    '/.well-known/security.txt',
    '/api/job/get;x=1',
    '/caf%C3%A9',
  ])('lets the plain path %s through', (url) => {
    expect(isMalformedPath(url)).toBe(false);
  });

  it.each([
    ['an encoded letter', '/%61pi/job/get'],
    ['an encoded capital', '/api/%4Aob/get'],
    ['an encoded digit', '/api/job/%31'],
    ['an encoded dash, dot, underscore or tilde', '/a%2db/%2E/%5f/%7E'],
    ['an encoded slash', '/api%2fjob/get'],
    ['an encoded backslash', '/api%5Cjob/get'],
    ['an encoded percent (double encoding)', '/%2561pi/job/get'],
    ['a backslash', '/api\\job/get'],
    ['an empty segment', '//api/job/get'],
    ['an empty inner segment', '/api/job//get'],
    ['a dot segment', '/./api/job/get'],
    ['a dot-dot segment', '/x/../api/job/get'],
    ['a trailing dot-dot', '/api/job/..'],
    ['the absolute form', 'http://localhost/api/job/get'],
    ['the asterisk form', '*'],
  ])('refuses %s', (_name, url) => {
    expect(isMalformedPath(url)).toBe(true);
  });
});
