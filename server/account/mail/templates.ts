// The service's email messages, one per kind (A3-7), in Kazakh.
import type { EmailKind } from '../../../src/wire/account';

export interface MailContent {
  subject: string;
  body: string;
}

export interface MailParams {
  name: string;
  link?: string;
  provider?: string;
}

export function renderMail(kind: EmailKind, params: MailParams): MailContent {
  const hello = `Сәлеметсіз бе, ${params.name || 'құрметті қолданушы'}!`;
  switch (kind) {
    case 'verify':
      return {
        subject: 'Тіркелгіні растаңыз',
        body: `${hello}\n\nТіркелуді аяқтау үшін мына сілтемені ашыңыз:\n${params.link}\n\nСілтеме 3 күн жарамды.`,
      };
    case 'verifyEmail':
      return {
        subject: 'Жаңа электрондық поштаны растаңыз',
        body: `${hello}\n\nЖаңа поштаңызды растау үшін мына сілтемені ашыңыз:\n${params.link}\n\nСілтеме 3 күн жарамды.`,
      };
    case 'forgottenPassword':
      return {
        subject: 'Құпиясөзді қалпына келтіру',
        body:
          `${hello}\n\nЖаңа құпиясөз орнату үшін мына сілтемені ашыңыз:\n${params.link}\n\n` +
          'Сілтеме 1 сағат жарамды. Егер сұрамаған болсаңыз, бұл хатты елемеңіз.',
      };
    case 'social':
      return {
        subject: 'Тіркелгіңіз ашылды',
        body: `${hello}\n\nСіз ${params.provider ?? ''} арқылы тіркелдіңіз. Енді сол арқылы кіре аласыз.`,
      };
    case 'deleteAccount':
      return {
        subject: 'Тіркелгіңіз жойылды',
        body: `${hello}\n\nТіркелгіңіз бен оның деректері жойылды. Бізбен болғаныңызға рақмет.`,
      };
  }
}
