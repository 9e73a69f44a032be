import { cleanNotifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '../../../stores/session.ts';
// The page is guest-only in the app: the guard moves a new session on (see use-start-session).
import { GuestOnly } from '../../../lib/guards.tsx';
import { renderWithProviders } from '../../../test/render.tsx';
import { GOOGLE_GSI_SRC } from '../lib/social-sdk.ts';
import { json, mockFetch, sentBody } from '../testing/fetch-mock.ts';
import { Notices } from '../testing/notices.tsx';
import { SocialLogin } from './social-login.tsx';

type Callback = (answer: { credential?: string }) => void;

function renderSocial() {
  return renderWithProviders(
    <>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <SocialLogin />
            </GuestOnly>
          }
        />
        <Route path="*" element={<p>início</p>} />
      </Routes>
      <Notices />
    </>,
    { route: '/login' },
  );
}

/** Plays Google Identity Services: answers the script load and records the callback. */
async function loadFakeGis() {
  let callback: Callback | undefined;
  const renderButton = vi.fn();
  Object.assign(window, {
    google: {
      accounts: {
        id: {
          initialize: (c: { callback: Callback }) => {
            callback = c.callback;
          },
          renderButton,
        },
      },
    },
  });
  const script = await waitFor(() => {
    const s = document.head.querySelector<HTMLScriptElement>(`script[src="${GOOGLE_GSI_SRC}"]`);
    if (!s) throw new Error('GIS not requested');
    return s;
  });
  script.dispatchEvent(new Event('load'));
  await waitFor(() => expect(renderButton).toHaveBeenCalled());
  return (answer: { credential?: string }) => callback?.(answer);
}

describe('SocialLogin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    cleanNotifications();
    clearSession();
    Reflect.deleteProperty(window, 'google');
  });

  it('Google configured: sends the ID token as access_token and starts the session', async () => {
    const fetchMock = mockFetch((url) => {
      if (url.endsWith('/controle/cliente/social/'))
        return json(200, { google: { client_id: 'cid' }, facebook: null });
      if (url.endsWith('/controle/cliente/social/google-oauth2/'))
        return json(200, { access: 'ga', refresh: 'gr' });
      if (url.endsWith('/controle/cliente/')) return json(200, []);
      return undefined;
    });
    renderSocial();
    const answer = await loadFakeGis();
    // Facebook is not configured here.
    expect(screen.getByText('Login com Facebook indisponível neste site.')).toBeInTheDocument();
    answer({ credential: 'id-token' });
    await screen.findByText('início');
    expect(getSession()).toEqual({ access: 'ga', refresh: 'gr' });
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/social/google-oauth2/'));
    expect(sentBody(call?.[1])).toEqual({ access_token: 'id-token' });
  });

  it("a refused social login says 'Não consegui dessa vez' / 'Vamos tentar de novo?'", async () => {
    mockFetch((url) => {
      if (url.endsWith('/controle/cliente/social/'))
        return json(200, { google: { client_id: 'cid' }, facebook: null });
      if (url.endsWith('/social/google-oauth2/')) return json(400, { detail: 'Token inválido.' });
      return undefined;
    });
    renderSocial();
    const answer = await loadFakeGis();
    answer({ credential: 'ruim' });
    const avisos = screen.getByRole('list', { name: 'avisos' });
    expect(await within(avisos).findByText('Não consegui dessa vez')).toBeInTheDocument();
    expect(within(avisos).getByText('Vamos tentar de novo?')).toBeInTheDocument();
    expect(getSession().access).toBeNull();
  });
});
