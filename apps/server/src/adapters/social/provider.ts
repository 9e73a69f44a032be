/** What a social provider vouches for: its stable user id and, when it has one, a verified e-mail. */
export interface SocialPerfil {
  sujeito: string;
  /** Verified by the provider (Google: email_verified; Facebook only returns confirmed ones). */
  email: string | undefined;
  nome: string | undefined;
}

/** The token was refused (bad signature, wrong audience, expired, provider said no, provider down). */
export class SocialTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'SocialTokenError';
  }
}

export interface SocialVerifier {
  verify(token: string): Promise<SocialPerfil>;
}
