/**
 * The two providers' browser SDKs, loaded only on the login page and only when the server has
 * the provider configured (the server's CSP allows their origins only then). Only the few
 * calls we make are typed.
 */
import { loadScript } from './load-script.ts';

export const GOOGLE_GSI_SRC = 'https://accounts.google.com/gsi/client';
export const FACEBOOK_SDK_SRC = 'https://connect.facebook.net/pt_BR/sdk.js';
const FACEBOOK_API_VERSION = 'v21.0';

interface GoogleId {
  initialize(config: {
    client_id: string;
    callback: (answer: { credential?: string }) => void;
    ux_mode?: 'popup';
    context?: 'signin';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type: 'standard';
      theme: 'outline';
      size: 'large';
      text: 'signin_with';
      shape: 'pill';
      width: number;
      locale: string;
    },
  ): void;
}

interface FacebookAuthResponse {
  accessToken: string;
}
interface FacebookSdk {
  init(config: { appId: string; version: string; cookie: boolean; xfbml: boolean }): void;
  login(
    callback: (answer: { status: string; authResponse?: FacebookAuthResponse | null }) => void,
    options: { scope: string },
  ): void;
}

interface SdkWindow {
  google?: { accounts?: { id?: GoogleId } };
  FB?: FacebookSdk;
}

const sdkWindow = () => window as unknown as SdkWindow;

/** Loads Google Identity Services and draws its button in `parent`; `onCredential` gets the ID token. */
export async function renderGoogleButton(
  parent: HTMLElement,
  clientId: string,
  onCredential: (idToken: string | null) => void,
): Promise<void> {
  await loadScript(GOOGLE_GSI_SRC);
  const id = sdkWindow().google?.accounts?.id;
  if (!id) throw new Error('Google Identity Services indisponível');
  id.initialize({
    client_id: clientId,
    callback: (answer) => onCredential(answer.credential ?? null),
    ux_mode: 'popup',
    context: 'signin',
  });
  parent.replaceChildren();
  id.renderButton(parent, {
    type: 'standard',
    theme: 'outline',
    size: 'large',
    text: 'signin_with',
    shape: 'pill',
    // GIS takes a pixel width (200 to 400).
    width: Math.max(200, Math.min(400, Math.floor(parent.clientWidth || 320))),
    locale: 'pt-BR',
  });
}

let facebookReady: Promise<FacebookSdk> | undefined;
let facebookLoaded: FacebookSdk | undefined;

/** Loads and initialises the Facebook SDK (the login page starts this when Facebook is configured). */
export function loadFacebook(appId: string): Promise<FacebookSdk> {
  facebookReady ??= loadScript(FACEBOOK_SDK_SRC)
    .then(() => {
      const fb = sdkWindow().FB;
      if (!fb) throw new Error('Facebook SDK indisponível');
      fb.init({ appId, version: FACEBOOK_API_VERSION, cookie: false, xfbml: false });
      facebookLoaded = fb;
      return fb;
    })
    .catch((e: unknown) => {
      facebookReady = undefined;
      throw e;
    });
  return facebookReady;
}

/** Opens Facebook's login (scope email); resolves the access token, or null if cancelled. */
export function facebookLogin(appId: string): Promise<string | null> {
  const open = (fb: FacebookSdk) =>
    new Promise<string | null>((resolve) => {
      fb.login((answer) => resolve(answer.authResponse?.accessToken ?? null), { scope: 'email' });
    });
  // With the SDK already loaded, FB.login runs within the click, so no popup blocker intervenes.
  return facebookLoaded ? open(facebookLoaded) : loadFacebook(appId).then(open);
}
