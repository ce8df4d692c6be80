// Every Kazakh text of the account dialogs (S1-1). The error messages follow the message keys of A8-4 / S8-9.
import type { UserMessageKey } from '../../../src/account/error-mapping';
import type { MarketingVariant, SocialProvider } from '../../../src/wire/account';

/** A8-4, S8-9: the translated message for each user message key. */
export const KK_ACCOUNT_ERRORS: Readonly<Record<UserMessageKey, string>> = {
  loginFailed: 'Email немесе құпиясөз қате.',
  accountNotVerified: 'Тіркелгі әлі расталмаған. Поштаңызға жіберілген сілтемені ашыңыз.',
  passwordInvalid: 'Құпиясөз немесе растау коды жарамсыз.',
  robotConfirmationDialog: 'Робот емес екеніңізді растаңыз.',
  emailUsed: 'Бұл email бұрын тіркелген.',
  serverError: 'Сервер қатесі. Кейінірек қайталап көріңіз.',
};

export const KK_PROVIDER_NAMES: Readonly<Record<SocialProvider, string>> = {
  facebook: 'Facebook',
  google: 'Google',
  gso: 'GSO',
  apple: 'Apple',
};

export const kkAccount = {
  close: 'Жабу',
  cancel: 'Болдырмау',
  save: 'Сақтау',
  saved: 'Сақталды',
  busy: 'Күте тұрыңыз…',
  email: 'Email',
  password: 'Құпиясөз',
  name: 'Есім (лақап ат)',
  login: {
    title: 'Кіру',
    submit: 'Кіру',
    social: 'Немесе мына арқылы кіріңіз:',
    socialWith: (provider: string) => `${provider} арқылы кіру`,
    noAccount: 'Тіркелгіңіз жоқ па?',
    register: 'Тіркелу',
    forgotten: 'Құпиясөзді ұмыттыңыз ба?',
    /** S5-5: 'available only for logged user' */
    loginNeeded: 'Бұл мүмкіндік тек тіркелген қолданушыларға қолжетімді.',
    welcome: (name: string) => `Қош келдіңіз, ${name}!`,
  },
  register: {
    title: 'Тіркелу',
    submit: 'Тіркелу',
    terms: 'Тіркелу арқылы пайдалану шарттары мен құпиялылық саясатын қабылдайсыз.',
    done: (email: string) => `Тіркелу аяқталды. ${email} поштасына растау сілтемесі жіберілді.`,
    haveAccount: 'Тіркелгіңіз бар ма? Кіріңіз',
  },
  captcha: {
    label: 'Мен робот емеспін',
    solving: 'Тексерілуде…',
    solved: 'Расталды',
    failed: 'Тексеру сәтсіз болды. Қайталап көріңіз.',
  },
  verify: {
    title: 'Email растау',
    working: 'Растау жүріп жатыр…',
    account: 'Тіркелгіңіз расталды. Енді кіре аласыз.',
    email: 'Жаңа email расталды.',
  },
  forgotten: {
    title: 'Құпиясөзді қалпына келтіру',
    intro: 'Email енгізіңіз, біз құпиясөзді жаңарту сілтемесін жібереміз.',
    submit: 'Сілтеме жіберу',
    /** The same answer whether or not the email has an account. */
    sent: 'Егер бұл email тіркелген болса, оған сілтеме жіберілді.',
  },
  reset: {
    title: 'Құпиясөзді жаңарту',
    submit: 'Құпиясөзді сақтау',
    done: 'Құпиясөз жаңартылды. Енді жаңа құпиясөзбен кіріңіз.',
  },
  change: {
    title: 'Құпиясөзді өзгерту',
    old: 'Қазіргі құпиясөз',
    new: 'Жаңа құпиясөз',
    repeat: 'Жаңа құпиясөзді қайталаңыз',
    submit: 'Өзгерту',
    done: 'Құпиясөз өзгертілді.',
  },
  settings: {
    title: 'Тіркелгі баптаулары',
    profile: 'Профиль',
    emailUnverified: 'Email әлі расталмаған',
    /** A7-12: an email change needs the current password. */
    currentPassword: 'Қазіргі құпиясөз',
    emailChangeHint:
      'Email жаңа поштаға жіберілген сілтеме ашылғанда ғана ауысады. Google не Apple арқылы тіркеліп, құпиясөз қоймаған болсаңыз, алдымен «Құпиясөзді ұмыттыңыз ба?» арқылы құпиясөз орнатыңыз.',
    emailSent: (email: string) =>
      `${email} поштасына растау хаты жіберілді. Хаттағы сілтемені ашқанда email ауысады, оған дейін қазіргі email қалады.`,
    changePassword: 'Құпиясөзді өзгерту',
    marketing: 'Жарнамалық хабарламалар',
    logout: 'Шығу',
    delete: 'Тіркелгіні жою',
    deleteConfirm: 'Тіркелгі мен барлық деректеріңіз біржола жойылады. Жалғастырасыз ба?',
    deleteYes: 'Иә, жою',
  },
  consent: {
    title: 'Шарттарды растаңыз',
    intro: 'Жалғастыру үшін жаңартылған құжаттармен келісіңіз:',
    tou: 'Пайдалану шарттары',
    pp: 'Құпиялылық саясаты',
    accept: 'Келісемін',
    decline: 'Келіспеймін (шығу)',
  },
  marketing: {
    title: 'Жаңалықтар мен ұсыныстар',
    initial: 'Бізден жаңалықтар мен арнайы ұсыныстар алғыңыз келе ме?',
    periodic: 'Еске саламыз: жаңалықтар мен арнайы ұсыныстарға жазылуға болады.',
    marketingApproved: 'Маған жаңалықтар мен ұсыныстар жіберілсін',
    thirdPartiesApproved: 'Серіктестердің ұсыныстары да жіберілсін',
    submit: 'Сақтау',
    later: 'Кейінірек',
  },
  validation: {
    email: 'Дұрыс email енгізіңіз.',
    oldPassword: 'Құпиясөз кемінде 5 таңбадан тұрады.',
    newPassword: 'Кемінде 8 таңба: кіші және бас әріп, арнайы таңба, бос орынсыз.',
    repeat: 'Құпиясөздер сәйкес емес.',
    nickname: 'Есім кемінде 5 таңба: әріп, сан, _ - .',
    required: 'Бұл өрісті толтырыңыз.',
    captcha: 'Алдымен робот емес екеніңізді растаңыз.',
  },
} as const;

export function marketingIntro(variant: MarketingVariant): string {
  return variant.endsWith('_PERIODIC') ? kkAccount.marketing.periodic : kkAccount.marketing.initial;
}
