import { afterFirstPaint, keepEarlyTaps, preloadPageModules } from './app/boot';
import './index.css';

/**
 * The page's boot script: the only script a page runs before its first paint (ADR 154). A server-rendered page is
 * complete and styled without the app, so the app (./app/start, downloaded meanwhile: the server preloads its chunk
 * with the HTML) is compiled and run once the page has painted, with the route's chunks the server lists. A tap on a
 * button before the app has taken over is kept for it.
 */
keepEarlyTaps();
afterFirstPaint(() => {
  preloadPageModules();
  void import('./app/start').then(({ start }) => start());
});
