import { Component, type ReactNode } from 'react';

/**
 * What shows instead of a map that fails (decision 209): its chunk did not arrive (the connection went as it
 * loaded) or the device has no WebGL. The rest of the screen stays up: the members' list, the owner's typed fields.
 */
export class MapFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
