import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteError } from './route-error.tsx';

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
 * Each route's error boundary. The router runs in declarative mode (see router.tsx), which has no
 * errorElement, so this class boundary does that job: a message in Portuguese and a retry,
 * never a blank screen, with the shell still around it.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedKey: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A navigation away from the failed page renders the new page instead of the old error.
    if (state.error !== null && state.failedKey !== null && state.failedKey !== props.resetKey) {
      return { error: null, failedKey: null };
    }
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    console.error(error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null, failedKey: null });

  override render() {
    if (this.state.error !== null) return <RouteError error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
