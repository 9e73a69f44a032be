import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErroCarga } from './erro-carga.tsx';

interface Props {
  /** Changes on every navigation, so leaving a broken page clears the error. */
  resetKey: string;
  children: ReactNode;
}
interface State {
  error: unknown;
  failedKey: string | null;
}

/**
 * Each page's error boundary (the router runs in declarative mode, without errorElement): a
 * page whose code failed to load (a deploy replaced it) says so with a retry, never a blank
 * screen, and the header stays usable.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error !== null && state.failedKey !== null && state.failedKey !== props.resetKey) {
      return { error: null, failedKey: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return (
      <ErroCarga
        titulo="Esta página não abriu."
        error={new Error('Recarregue a página para tentar de novo.')}
        onRetry={() => window.location.reload()}
      />
    );
  }
}
