// Test identities the dev OpenID provider offers on its sign-in page.
export interface DevIdentity {
  key: string;
  name: string;
  /** null: the token carries no email claim (A7-4: XE7). */
  email: string | null;
  emailVerified: boolean;
}

export function devIdentities(provider: string): DevIdentity[] {
  return [
    { key: 'aigul', name: 'Айгүл Сейітова', email: `aigul.${provider}@example.kz`, emailVerified: true },
    { key: 'nurlan', name: 'Нұрлан Омаров', email: `nurlan.${provider}@example.kz`, emailVerified: true },
    { key: 'unverified', name: 'Дана Ахметова', email: `dana.${provider}@example.kz`, emailVerified: false },
    { key: 'noemail', name: 'Бекзат Қасымов', email: null, emailVerified: false },
  ];
}
