// A rendered feed body in another language: every value holding Kazakh text is translated in place.
// Keys are ASCII and values never hold `¬` or `~`, so a value is the text between `÷` and the `¬` that
// closes its cell; the framing, the keys and their order stay as they were.
import type { FeedLanguage } from './language';
import { translatorFor } from './translate';

const KAZAKH_VALUE = /÷([^¬~]*[\u0400-\u04FF][^¬~]*)/g;

export function localizeBody(body: string, language: FeedLanguage): string {
  if (language === 'kk') return body;
  const translate = translatorFor(language);
  return body.replace(KAZAKH_VALUE, (_cell, value: string) => `÷${translate(value)}`);
}
