import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG_CONTA } from '@rango/domain';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSocialConfig, useSocialLogin } from '../api/social.ts';
import { facebookLogin, loadFacebook, renderGoogleButton } from '../lib/social-sdk.ts';
import classes from './conta.module.css';

function showFailure() {
  notifications.show({
    id: 'social-falhou',
    color: 'red',
    title: MSG_CONTA.socialFalhouTitulo,
    message: MSG_CONTA.socialFalhou,
  });
}

/** Shown instead of a provider's button when this site has no credentials for it. */
function Unavailable({ provider, icon }: { provider: string; icon: ReactNode }) {
  return (
    <Stack gap={4}>
      <Button variant="default" radius="xl" fullWidth disabled leftSection={icon} className={classes.social}>
        Entrar com {provider}
      </Button>
      <Text size="xs" c="dimmed" ta="center">
        Login com {provider} indisponível neste site.
      </Text>
    </Stack>
  );
}

function GoogleButton({ clientId, onToken }: { clientId: string; onToken: (token: string | null) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    renderGoogleButton(el, clientId, (token) => onTokenRef.current(token)).catch(() => setFailed(true));
  }, [clientId]);
  if (failed)
    return <Unavailable provider="Google" icon={<IconBrandGoogle size={18} aria-hidden="true" />} />;
  // Google Identity Services draws its own button (an iframe) here.
  return <div ref={ref} className={classes.social} data-testid="google-button" />;
}

/** Google and Facebook login (spec section 2): the providers' SDKs, then our token exchange. */
export function SocialLogin() {
  const config = useSocialConfig();
  const social = useSocialLogin();
  const google = config.data?.google ?? null;
  const facebook = config.data?.facebook ?? null;
  const facebookAppId = facebook?.app_id;

  useEffect(() => {
    // Loaded as soon as the page knows Facebook is on, so the click opens its popup at once.
    if (facebookAppId) loadFacebook(facebookAppId).catch(() => undefined);
  }, [facebookAppId]);

  const exchange = (provider: 'google-oauth2' | 'facebook', token: string | null) => {
    if (!token) return showFailure();
    social.mutate({ provider, accessToken: token }, { onError: showFailure });
  };

  if (config.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Button variant="default" radius="xl" fullWidth disabled className={classes.social}>
          Entrar com Google
        </Button>
        <Button variant="default" radius="xl" fullWidth disabled className={classes.social}>
          Entrar com Facebook
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="xs">
      {google ? (
        <GoogleButton clientId={google.client_id} onToken={(t) => exchange('google-oauth2', t)} />
      ) : (
        <Unavailable provider="Google" icon={<IconBrandGoogle size={18} aria-hidden="true" />} />
      )}
      {facebookAppId ? (
        <Button
          variant="filled"
          color="#1877F2"
          radius="xl"
          fullWidth
          loading={social.isPending && social.variables.provider === 'facebook'}
          leftSection={<IconBrandFacebook size={18} aria-hidden="true" />}
          className={classes.social}
          onClick={() => {
            facebookLogin(facebookAppId).then((token) => {
              // Closing the popup is not a failure worth a notice.
              if (token) exchange('facebook', token);
            }, showFailure);
          }}
        >
          Entrar com Facebook
        </Button>
      ) : (
        <Unavailable provider="Facebook" icon={<IconBrandFacebook size={18} aria-hidden="true" />} />
      )}
    </Stack>
  );
}
