import { afterFirstPaint, preloadPageModules } from './app/boot';
import './index.css';

/**
 * The page's boot script: the only script a page fetches before its first paint (ADR 154). A server-rendered page
 * is complete and styled without the app, so the app (./app/start) is fetched once the page has painted.
 */
afterFirstPaint(() => {
  preloadPageModules();
  void import('./app/start').then(({ start }) => start());
});
