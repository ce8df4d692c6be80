// Kazakh text of the site's plain pages: the mobile promo page (S2-9) and the not-found page's title.
import { kk } from '../../../src/i18n/kk';

export const kkPages = {
  notFound: {
    documentTitle: `${kk.notFound.title} — ${kk.siteName}`,
  },
  mobile: {
    documentTitle: `${kk.footer.mobile} — ${kk.siteName}`,
    title: `${kk.siteName} телефоныңызда`,
    lead: 'Мобильді нұсқа — сол тікелей нәтижелер, кесте және коэффициенттер, кішкентай экранға ыңғайлы пішінде.',
    offersLabel: 'Мобильді нұсқада не бар',
    offers: [
      'Тікелей нәтижелер бетті жаңартпай-ақ өзгереді.',
      '40 спорт түрі: футбол, хоккей, теннис, баскетбол және басқалары.',
      'Матч беті: шолу, статистика, құрамдар және бетпе-бет кездесулер.',
      'Букмекерлердің коэффициенттері бір жерде.',
      'Гол соғылғанда дыбыстық белгі.',
    ],
    noInstall: 'Ештеңе орнатудың қажеті жоқ: сайтты телефонның браузерінде ашыңыз.',
    homeScreen: 'Жылдам ашу үшін браузер мәзірінен «Басты экранға қосу» тармағын таңдаңыз.',
    open: 'Мобильді нұсқаны ашу',
  },
} as const;
