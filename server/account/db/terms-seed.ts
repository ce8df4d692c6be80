// The first terms of use and privacy policy of the kk edition (project 47), in Kazakh.
import { EDITION } from '../../../src/domain/edition';
import type { TermsDocumentsTable } from './schema';

const PUBLISHED = Date.UTC(2025, 0, 1);

export const TERMS_SEED: TermsDocumentsTable[] = [
  {
    project_id: EDITION.projectId,
    version: 1,
    type: 'tou',
    title: 'Пайдалану шарттары',
    body:
      'Сайт спорт нәтижелерін ақпарат ретінде ұсынады. Тіркелгіңізді басқа адамға бермеңіз. ' +
      'Сайтты заңға қайшы мақсатта пайдалануға болмайды. Шарттар өзгерсе, келесі кіргенде сізден қайта келісім сұралады.',
    published_at: PUBLISHED,
    archived: 0,
  },
  {
    project_id: EDITION.projectId,
    version: 1,
    type: 'pp',
    title: 'Құпиялылық саясаты',
    body:
      'Біз тек тіркелгіге қажет деректерді сақтаймыз: электрондық пошта, есім, таңдаулы ойындар мен баптаулар. ' +
      'Құпиясөз тек қайтымсыз хэш түрінде сақталады. Тіркелгіні кез келген уақытта баптаулардан жоюға болады.',
    published_at: PUBLISHED,
    archived: 0,
  },
];
